// What the public API's routes are handed: the app's collaborators, the dispatch queue, the shared
// rate-limit store, and the key authentication built from them.
import type { TAppContext } from '../../app-context.js';
import type { TRateLimitStore } from '../../platform/rate-limit/index.js';
import type { TDispatchQueue } from '../delivery/service.js';
import type { createKeyAuthentication } from './auth.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TPublicApiRouteDeps = Pick<
  TAppContext,
  'config' | 'db' | 'email' | 'events' | 'messageParts' | 'now' | 'onShutdown' | 'translationQueue'
> & {
  dispatch: TDispatchQueue;
  /** The counters every node shares (decision 0019): each key's requests per minute. */
  rateStore: TRateLimitStore;
};

export type TPublicApiDeps = TPublicApiRouteDeps & {
  keyAuth: ReturnType<typeof createKeyAuthentication>;
};
