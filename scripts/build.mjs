// `npm run build`: the server, the desktop app and its release on one side, the web app on the
// other, at once (the web app bundles the shared package's sources, not its build). On two cores
// this takes about 20 s instead of 28 s one after another.
import { buildPackages, buildWeb } from './lib/steps.mjs';
import { runChains } from './lib/tasks.mjs';

const ok = await runChains('build', [buildPackages, [buildWeb]]);
if (!ok) process.exit(1);
