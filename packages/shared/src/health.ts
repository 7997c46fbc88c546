// GET /healthz and /readyz: the process is up; the database answers (and which one it is); the
// node's role.
import { z } from 'zod';

export const ZHealthStatus = z.object({
  status: z.string(),
  database: z.enum(['pglite', 'postgres']).optional(),
  /** What the node does: api (HTTP, SSE, agents), worker (jobs, dispatch, schedules) or all. */
  role: z.enum(['all', 'api', 'worker']).optional(),
});
export type THealthStatus = z.infer<typeof ZHealthStatus>;
