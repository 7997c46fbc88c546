// What `npm start` and `npm run dev` add to the environment: a development server with the dev
// tools (outbox pages, test codes, test checkout, demo logins; decision 0018). The server itself
// starts as production unless told otherwise, so a deployment that forgets NODE_ENV is safe.
// An explicit NODE_ENV or DEV_TOOLS is kept: `NODE_ENV=production npm start` gets no dev tools.

/** @param {NodeJS.ProcessEnv} env */
export function devToolsEnv(env) {
  const nodeEnv = env.NODE_ENV || 'development';
  if (nodeEnv === 'production') return { NODE_ENV: nodeEnv };
  return { NODE_ENV: nodeEnv, DEV_TOOLS: env.DEV_TOOLS || 'true' };
}
