// zod compiles fast object parsers with `new Function` unless told not to; the page's
// Content-Security-Policy has no 'unsafe-eval' (decision 0022), and even zod's probe for it would
// be reported as a violation. Imported first by main.tsx, before any schema is built.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there
// (zod/v4/core/core.js), so the setting is made without importing zod: zod stays out of the entry
// chunk that every page loads (bench:weight). zod-without-eval.test.ts fails if zod stops reading it.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;
