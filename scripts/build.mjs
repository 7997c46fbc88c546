// `npm run build`: the server, the desktop app and its release on one side, the web app on the
// other, at once (the web app bundles the shared package's sources, not its build). On two cores
// this takes about 20 s instead of 28 s one after another.
import { npmRun, runChains } from './lib/tasks.mjs';

const workspace = (name) => ({ label: name, argv: npmRun('build', '-w', `@message-station/${name}`) });

const ok = await runChains('build', [
  [
    workspace('shared'),
    workspace('server'),
    workspace('agent'),
    { label: 'agent release', argv: [process.execPath, 'scripts/build-agent-release.mjs'] },
  ],
  [workspace('web')],
]);
if (!ok) process.exit(1);
