// Where things are on disk, the same whether running from src (tsx, vitest) or dist (node).
import { fileURLToPath } from 'node:url';

/** apps/server (both src/ and dist/ sit directly below it). */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
