// Builds the app on a fresh database with the demo station seeded, plus a cookie-keeping
// client that behaves like the SPA (sends X-CSRF-Token from the csrf_token cookie).
import { afterAll } from 'vitest';
import { buildApp, type TApp } from '../app.js';
import type { TAppDeps } from '../app-context.js';
import { loadConfig, type TConfig } from '../config.js';
import { seedDemo } from '../db/seed.js';
import type { TSmsProvider } from '../providers/sms/index.js';
import type { TTranslationProvider } from '../providers/translation/types.js';
import { createTestDatabase, TEST_CONFIG_ENV, testDbTemplates } from './db.js';

export type TTestAppOptions = {
  config?: Partial<TConfig>;
  now?: () => Date;
  sms?: TSmsProvider;
  translation?: TTranslationProvider;
  seed?: boolean;
  /**
   * Runs the node's background work: translation jobs, SMS dispatch, schedules (ROLE all). Off by
   * default: the app is an api node, whose queued work waits in the database for a worker.
   */
  workers?: boolean;
  dispatchInBackground?: boolean;
  agentTimeouts?: TAppDeps['agentTimeouts'];
  /** A pino logger configuration (tests of what the logs hold); silent otherwise. */
  logger?: TAppDeps['logger'];
};

export async function createTestApp(options: TTestAppOptions = {}) {
  const config: TConfig = {
    ...loadConfig(TEST_CONFIG_ENV),
    role: options.workers ? 'all' : 'api',
    ...options.config,
  };
  // The run's seeded template already holds the demo station when it was made for this URL.
  const seeded = options.seed !== false && testDbTemplates()?.seedPublicUrl === config.publicUrl;
  const database = await createTestDatabase({ seeded });
  if (options.seed !== false && !seeded) await seedDemo(database.db, config.publicUrl);
  const app = await buildApp({
    config,
    database,
    now: options.now,
    sms: options.sms,
    translation: options.translation,
    dispatchInBackground: options.dispatchInBackground,
    agentTimeouts: options.agentTimeouts,
    logger: options.logger,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, db: database.db, config };
}

type TCookie = { name: string; value: string };
type TRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Keeps cookies between requests like a browser and adds the CSRF header on writes. */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: TApp,
    /** Each client may come from its own address, so per-IP limits can be tested apart. */
    private readonly ip = '127.0.0.1',
  ) {}

  async request({ method = 'GET', url, body, headers = {} }: TRequest) {
    const csrf = this.jar.get('csrf_token');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      payload: body as never,
      headers: {
        ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as (TCookie & { maxAge?: number; expires?: Date })[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ url });
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, body, headers });
  }

  /** Visits the site (which hands out the CSRF cookie) and signs in. */
  async login(email: string, password = 'demo1234') {
    await this.get('/auth/session');
    const response = await this.post('/auth/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
