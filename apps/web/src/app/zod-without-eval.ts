// zod compiles fast object parsers with `new Function` unless told not to; the page's
// Content-Security-Policy has no 'unsafe-eval' (decision 0022), and even zod's probe for it would
// be reported as a violation. Imported first by main.tsx, before any schema is built.
import { config } from 'zod/v4/core';

config({ jitless: true });
