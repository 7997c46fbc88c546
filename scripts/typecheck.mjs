// `npm run typecheck`: the packages as they build (tsc -b), then their tests and the web app,
// in two lines of TypeScript checks at once, one per core (about 20 s instead of 32 s one after
// another on two cores).
import { runChains, tsc } from './lib/tasks.mjs';

const check = (label, ...args) => ({ label, argv: tsc(...args) });

const ok =
  (await runChains('typecheck', [
    [check('packages', '-b', 'apps/server', 'packages/shared', 'apps/agent')],
  ])) &&
  (await runChains('typecheck', [
    [
      check('server tests', '-p', 'apps/server/tsconfig.test.json'),
      check('shared tests', '-p', 'packages/shared/tsconfig.test.json'),
    ],
    [check('web', '-p', 'apps/web', '--noEmit'), check('agent tests', '-p', 'apps/agent/tsconfig.test.json')],
  ]));
if (!ok) process.exit(1);
