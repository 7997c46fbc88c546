// The steps of `npm run build`, `npm run typecheck` and `npm run lint`, as command lines for
// runChains (tasks.mjs), so that the scripts and `npm test` (validate.mjs, which runs them at once)
// share one definition. Uses no dependency.
import { npmRun, tsc } from './tasks.mjs';

const workspace = (name) => ({
  label: `build ${name}`,
  argv: npmRun('build', '-w', `@message-station/${name}`),
});
const check = (label, ...args) => ({ label: `typecheck ${label}`, argv: tsc(...args) });

/** The server, the desktop app and its release, in that order (each needs the one before). */
export const buildPackages = [
  workspace('shared'),
  workspace('server'),
  workspace('agent'),
  { label: 'build agent release', argv: [process.execPath, 'scripts/build-agent-release.mjs'] },
];
/** The web app bundles the shared package's sources, not its build: it needs nothing before it. */
export const buildWeb = workspace('web');

/** The packages as they build (tsc -b): a no-op right after `npm run build`. */
export const typecheckPackages = check('packages', '-b', 'apps/server', 'packages/shared', 'apps/agent');
/** The tests, checked against the packages' built declarations (project references). */
export const typecheckTests = [
  { ...check('server tests', '-p', 'apps/server/tsconfig.test.json'), after: ['build server'] },
  { ...check('shared tests', '-p', 'packages/shared/tsconfig.test.json'), after: ['build shared'] },
  // Run beside the builds (npm test), it would otherwise read the agent's declarations half written.
  { ...check('agent tests', '-p', 'apps/agent/tsconfig.test.json'), after: ['build agent'] },
];
/** The web app's sources (with the shared package's sources): needs no build. */
export const typecheckWeb = check('web', '-p', 'apps/web', '--noEmit');
/** The browser journeys and their Playwright configuration. */
export const typecheckE2e = check('e2e', '-p', 'apps/web/tsconfig.e2e.json');

export const lint = { label: 'lint', argv: npmRun('lint') };
