// The audit hook (decisions 0021 and 0066): each route declares its rule in its own options
// (`config: audit({...})`, platform/audit-rule.ts), read here when the route registers; a
// state-changing route that declares none is still recorded ("request.recorded"), so no action can
// be forgotten, and the coverage test names it. The rule reads what it needs before the handler
// (the object as it was) and after a successful answer (as it is now), unless the handler hands
// both from its transaction (`request.audit`, decision 0066).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  isAuditRule,
  type TAuditActor,
  type TAuditCall,
  type TAuditRule,
  type TRouteAudit,
} from '../../platform/audit-rule.js';
import type { TAuth, TSessions } from '../../platform/session.js';
import { changedFields, recordAudit } from './service.js';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Where a route that changes state must be in the table: the admin API, sign-in, the public API v1. */
export const AUDITED_PREFIXES = ['/admin/api/', '/auth/', '/api/v1/'];

type TPending = {
  rule: TAuditRule;
  call: TAuditCall;
  before: Record<string, unknown> | null;
  /** The object after the change as the handler handed it (request.audit.after). */
  after?: Record<string, unknown> | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auditPending?: TPending;
  }
}

/** What the trail needs from the app; the actor's email is the users module's, handed in by app.ts. */
export type TAuditTrailDeps = {
  db: Db;
  now: () => Date;
  sessions: Pick<TSessions, 'getAuth'>;
  /** The signed-in actor's email as it is now (null once the account is gone). */
  actorEmail(userId: string): Promise<string | null>;
};

/** One route as the trail saw it register, with what its options declare (the coverage test reads these). */
export type TRouteAuditSeen = { method: string; url: string; audit: TRouteAudit | undefined };

const seenByApp = new WeakMap<object, TRouteAuditSeen[]>();

/** Every route of the app with its declared audit, in the order they registered. */
export function routeAudits(app: object): readonly TRouteAuditSeen[] {
  return seenByApp.get(app) ?? [];
}

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** Whether a route changes state where every change must be accounted for. */
export function mustBeAudited(method: string, url: string): boolean {
  return CHANGING_METHODS.has(method) && AUDITED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The rule of a route: the one it declares, the catch-all for an undeclared one, or none. */
export function ruleFor(method: string, url: string, declared: TRouteAudit | undefined): TAuditRule | null {
  if (declared) return isAuditRule(declared) ? declared : null;
  if (!mustBeAudited(method, url)) return null;
  const key = routeKey(method, url);
  return { action: 'request.recorded', details: () => ({ route: key }) };
}

function parseReply(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

async function safely<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    // The handler answers the same refusal (not found, wrong station): nothing to record.
    return null;
  }
}

export function registerAuditTrail(app: FastifyInstance, ctx: TAuditTrailDeps) {
  const seen: TRouteAuditSeen[] = [];
  seenByApp.set(app, seen);

  async function prepare(request: FastifyRequest, rule: TAuditRule) {
    // The guard's caller (a session, or the public API's key acting for its creator), else the session.
    const auth = request.auth ?? (await ctx.sessions.getAuth(request));
    const call: TAuditCall = { request, auth, reply: null, subject: null };
    const { view, subject } = rule;
    call.subject = subject ? await safely(() => subject(call)) : null;
    const pending: TPending = { rule, call, before: view ? await safely(() => view(call)) : null };
    request.auditPending = pending;
    request.audit = {
      before: (view) => {
        pending.before = view;
      },
      after: (view) => {
        pending.after = view;
      },
    };
  }

  async function actorOf(
    auth: TAuth | null,
    pending: TPending,
    failed: boolean,
  ): Promise<TAuditActor | null> {
    const { subject } = pending.call;
    if (subject && pending.rule.subjectActs && !failed) {
      const { stationId: _, ...actor } = subject;
      return actor;
    }
    if (!auth) return null;
    return {
      userId: auth.userId,
      email: await ctx.actorEmail(auth.userId),
      isSuperadmin: auth.isSuperadmin,
    };
  }

  async function write(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const pending = request.auditPending;
    if (!pending) return;
    const { rule, call } = pending;
    const failed = reply.statusCode >= 400;
    const action = failed ? rule.failedAction?.[reply.statusCode] : rule.action;
    if (!action) return;
    call.reply = failed ? null : parseReply(payload);
    const { view } = rule;
    const after = failed
      ? null
      : pending.after !== undefined
        ? pending.after
        : view
          ? await safely(() => view(call))
          : null;
    const details = rule.details ? await rule.details(call, pending.before ?? after) : {};
    if (details === null) return;
    const changes = changedFields(pending.before, after);
    const auth = call.auth;
    const stationId =
      (rule.station ? await rule.station(call) : (call.subject?.stationId ?? auth?.stationId)) ?? null;
    const actor = await actorOf(auth, pending, failed);
    // An attempt on no known account, by no one signed in, belongs to no station: not kept.
    if (!stationId && !actor) return;
    const targetId = rule.targetId ? rule.targetId(call) : (call.request.params as { id?: string })?.id;
    await recordAudit(ctx.db, {
      stationId,
      actor,
      action,
      target: rule.target ? { type: rule.target, id: targetId ?? call.subject?.userId ?? null } : null,
      details: { ...details, ...(request.auditVia ?? {}), ...(changes ?? {}) },
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      at: ctx.now(),
    });
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.audit;
    for (const method of methods) {
      seen.push({ method, url: route.url, audit: declared });
      const rule = ruleFor(method, route.url, declared);
      if (!rule) continue;
      route.preHandler = [
        ...(Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : []),
        async (request: FastifyRequest) => {
          if (request.method === method) await prepare(request, rule);
        },
      ];
      route.onSend = [
        ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
        async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          try {
            await write(request, reply, payload);
          } catch (error) {
            // The action is done; a missing row is an operator's alarm, not the user's error.
            request.log.error({ err: error, route: routeKey(method, route.url) }, 'audit row not written');
          }
          return payload;
        },
      ];
    }
  });
}
