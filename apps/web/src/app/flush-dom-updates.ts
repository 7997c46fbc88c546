import { flushSync } from 'react-dom';

/**
 * What react-router/dom's RouterProvider passes as `flushSync`: lets `navigate(…, { flushSync: true })`
 * render at once instead of in a transition.
 */
export function flushDomUpdates<R>(update: () => R): R {
  return flushSync(update);
}
