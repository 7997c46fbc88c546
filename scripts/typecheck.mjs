// `npm run typecheck`: the packages as they build (tsc -b), then their tests, the web app and the
// browser journeys, in two lines of TypeScript checks at once, one per core (about 20 s instead of
// 32 s one after another on two cores).
import { typecheckE2e, typecheckPackages, typecheckTests, typecheckWeb } from './lib/steps.mjs';
import { runChains } from './lib/tasks.mjs';

const [serverTests, sharedTests, agentTests] = typecheckTests;
const ok =
  (await runChains('typecheck', [[typecheckPackages]])) &&
  (await runChains('typecheck', [
    [serverTests, sharedTests],
    [typecheckWeb, agentTests, typecheckE2e],
  ]));
if (!ok) process.exit(1);
