// What main.tsx loads in a second step, evaluated in a task of its own: the Mantine components
// and every route with its layouts (decision 0014).
export { sessionQueryOptions } from '../lib/session';
export { AppRoot } from './AppRoot';
export { createQueryClient } from './query-client';
export { appRoutes } from './routes';
