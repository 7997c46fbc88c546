// Every TanStack Query key of the app, so invalidation never guesses a key.
export const queryKeys = {
  session: ['auth', 'session'] as const,
};
