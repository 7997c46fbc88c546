// GET /healthz and /readyz: the process is up; the database answers (and which one it is).
import { z } from 'zod';

export const ZHealthStatus = z.object({
  status: z.string(),
  database: z.enum(['pglite', 'postgres']).optional(),
});
export type THealthStatus = z.infer<typeof ZHealthStatus>;
