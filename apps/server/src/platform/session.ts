// Browser sessions and CSRF: the only two cookies. The session cookie holds a
// random 256-bit token whose SHA-256 is stored; the CSRF token is an HMAC bound to that session
// (or to "anonymous" before sign-in), so it needs no storage and cannot be reused across sessions.
import { COOKIE_NAMES, CSRF_HEADER, LIMITS } from '@message-station/shared';
import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { sessions, stationPolicies, users } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { hmac, randomToken, safeEqual, sha256 } from './tokens.js';

export type TAuth = {
  sessionId: string;
  userId: string;
  role: 'admin' | 'user';
  isSuperadmin: boolean;
  /** The user's own station. */
  ownStationId: string;
  /** The station this request acts on: the viewed station for a superadmin, else the user's own. */
  stationId: string;
  viewingStationId: string | null;
  /** An admin whose station requires two-factor sign-in and who has not set it up yet. */
  twoFactorSetupRequired: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    authPromise: Promise<TAuth | null> | null;
    /** Set by the guards of platform/guards.ts. */
    auth: TAuth | null;
  }
}

export const SESSION_TTL_MS = LIMITS.sessionHours * 60 * 60 * 1000;
/** sessions.last_seen_at is written at most this often per session. */
const LAST_SEEN_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Callers that prove themselves another way (provider signatures; the public API v1's bearer key)
 * and send no cookies.
 */
const CSRF_EXEMPT_PREFIXES = ['/webhooks/', '/api/v1/'];

/**
 * Whether a request must carry the CSRF token (cookie and X-CSRF-Token header): every write but
 * those of CSRF_EXEMPT_PREFIXES. The OpenAPI document reads its 403 answers here too.
 */
export function csrfChecked(method: string, url: string): boolean {
  return !SAFE_METHODS.has(method) && !CSRF_EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export type TSessionOptions = {
  db: Db;
  secret: string;
  cookieSecure: boolean;
  now: () => Date;
  /**
   * Reads (GET, HEAD) may use a session this node looked up at most this long ago (0: never);
   * every write reads it from the database and, once answered, empties the cache (decision 0030).
   */
  cacheMs?: number;
};

/** Signed-in sessions a node read lately, for reads only; keyed by the token's hash. */
function createSessionCache(ttlMs: number) {
  const entries = new Map<string, { auth: TAuth; until: number }>();
  /** Bounded: a burst of sessions empties it rather than growing it. */
  const MAX_ENTRIES = 10_000;
  return {
    get(key: string): TAuth | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.until > performance.now()) return entry.auth;
      entries.delete(key);
      return null;
    },
    set(key: string, auth: TAuth) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { auth, until: performance.now() + ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}

export async function createSession(
  db: DbOrTx,
  input: { userId: string; now: Date; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    expiresAt,
    createdAt: input.now,
    lastSeenAt: input.now,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/**
 * Ends a user's sessions: all of them, or all but the one given (the browser that asked). Used
 * when a password or email changes. Returns how many ended.
 */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

async function findSession(db: Db, token: string, now: Date): Promise<TAuth | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      isSuperadmin: users.isSuperadmin,
      ownStationId: users.stationId,
      viewingStationId: sessions.viewingStationId,
      lastSeenAt: sessions.lastSeenAt,
      totpEnabledAt: users.totpEnabledAt,
      requireTwoFactor: stationPolicies.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(stationPolicies, eq(stationPolicies.stationId, users.stationId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, totpEnabledAt, requireTwoFactor, ...auth } = row;
  if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await touchSession(db, row.sessionId, now);
  }
  const viewingStationId = auth.isSuperadmin ? auth.viewingStationId : null;
  return {
    ...auth,
    viewingStationId,
    stationId: viewingStationId ?? auth.ownStationId,
    twoFactorSetupRequired: auth.role === 'admin' && requireTwoFactor && !totpEnabledAt,
  };
}

/** Records that the session was used; the condition keeps two nodes from both writing in one minute. */
async function touchSession(db: Db, sessionId: string, now: Date) {
  const minuteAgo = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lte(sessions.lastSeenAt, minuteAgo))),
    );
}

function csrfBinding(request: FastifyRequest): string {
  const sessionToken = request.cookies[COOKIE_NAMES.session];
  return sessionToken ? `session:${sessionToken}` : 'anonymous';
}

function csrfTokenFor(secret: string, binding: string): string {
  const nonce = randomToken();
  return `${nonce}.${hmac(secret, `${binding}.${nonce}`)}`;
}

function csrfTokenValid(secret: string, token: string, binding: string): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(secret, `${binding}.${nonce}`));
}

export function registerSessions(app: FastifyInstance, options: TSessionOptions) {
  const { db, secret, cookieSecure, now } = options;
  const cookieBase = {
    path: '/',
    sameSite: 'lax' as const,
    secure: cookieSecure,
    maxAge: SESSION_TTL_MS / 1000,
  };

  app.decorateRequest('authPromise', null);
  app.decorateRequest('auth', null);

  const cache = createSessionCache(options.cacheMs ?? 0);
  // A write may have ended or changed a session (sign-out, revocation, role, two-factor): reads
  // after it on this node look again. Other nodes' caches run out within cacheMs.
  app.addHook('onResponse', async (request) => {
    if (!SAFE_METHODS.has(request.method)) cache.clear();
  });

  async function lookUp(request: FastifyRequest, token: string): Promise<TAuth | null> {
    if (!SAFE_METHODS.has(request.method)) return findSession(db, token, now());
    const key = sha256(token);
    const cached = cache.get(key);
    if (cached) return cached;
    const auth = await findSession(db, token, now());
    if (auth) cache.set(key, auth);
    return auth;
  }

  app.addHook('onRequest', async (request) => {
    if (!csrfChecked(request.method, request.url)) return;
    const cookie = request.cookies[COOKIE_NAMES.csrf];
    const header = request.headers[CSRF_HEADER];
    const valid =
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      safeEqual(cookie, header) &&
      csrfTokenValid(secret, cookie, csrfBinding(request));
    if (!valid) {
      throw new AppError('csrf_invalid');
    }
  });

  function setCsrfCookie(reply: FastifyReply, binding: string) {
    reply.setCookie(COOKIE_NAMES.csrf, csrfTokenFor(secret, binding), { ...cookieBase, httpOnly: false });
  }

  return {
    /** The signed-in user of this request, loaded once per request. */
    getAuth(request: FastifyRequest): Promise<TAuth | null> {
      if (!request.authPromise) {
        const token = request.cookies[COOKIE_NAMES.session];
        request.authPromise = token ? lookUp(request, token) : Promise.resolve(null);
      }
      return request.authPromise;
    },
    /** Starts a session: both cookies, the CSRF token bound to the new session. */
    setSessionCookies(reply: FastifyReply, token: string) {
      reply.setCookie(COOKIE_NAMES.session, token, { ...cookieBase, httpOnly: true });
      setCsrfCookie(reply, `session:${token}`);
    },
    /** Ends a session in the browser and hands out an anonymous CSRF token for the next sign-in. */
    clearSessionCookies(reply: FastifyReply) {
      reply.clearCookie(COOKIE_NAMES.session, { path: '/' });
      setCsrfCookie(reply, 'anonymous');
    },
    /**
     * Makes sure the browser holds a CSRF token that matches its cookies; a stale session cookie
     * (expired or deleted session) is dropped so the visitor continues anonymously.
     */
    ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, signedIn: boolean) {
      if (!signedIn && request.cookies[COOKIE_NAMES.session]) {
        reply.clearCookie(COOKIE_NAMES.session, { path: '/' });
        setCsrfCookie(reply, 'anonymous');
        return;
      }
      const current = request.cookies[COOKIE_NAMES.csrf];
      const binding = csrfBinding(request);
      if (!current || !csrfTokenValid(secret, current, binding)) setCsrfCookie(reply, binding);
    },
  };
}

export type TSessions = ReturnType<typeof registerSessions>;
