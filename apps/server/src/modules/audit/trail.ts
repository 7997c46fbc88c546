// The central audit hook (decision 0021): every state-changing route is looked up in AUDIT_RULES
// when it is registered; a route missing from the table is still recorded ("request.recorded"),
// so no action can be forgotten, and the coverage test names it. The rule reads what it needs
// before the handler (the object as it was) and after a successful answer (as it is now).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { TAppContext } from '../../app-context.js';
import type { TAuth } from '../../platform/session.js';
import { findAccount } from '../users/trail-service.js';
import { AUDIT_RULES, type TAuditRule, type TRuleCall } from './rules.js';
import { changedFields, recordAudit, type TAuditActor } from './service.js';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Where a route that changes state must be in the table: the admin API, sign-in, the public API v1. */
export const AUDITED_PREFIXES = ['/admin/api/', '/auth/', '/api/v1/'];

type TPending = {
  rule: TAuditRule;
  call: TRuleCall;
  before: Record<string, unknown> | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auditPending?: TPending;
    /**
     * How the actor acted when not through a browser session: the public API v1's station key
     * (issue 23) sets its name and visible prefix, kept with each row it causes.
     */
    auditVia?: Record<string, string>;
  }
}

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** The rule of a route: its entry in the table, the catch-all for an unlisted one, or none. */
export function ruleFor(method: string, url: string): TAuditRule | null {
  const key = routeKey(method, url);
  if (key in AUDIT_RULES) return AUDIT_RULES[key] ?? null;
  if (!CHANGING_METHODS.has(method)) return null;
  if (!AUDITED_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
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

export function registerAuditTrail(app: FastifyInstance, ctx: TAppContext) {
  async function prepare(request: FastifyRequest, rule: TAuditRule) {
    // The guard's caller (a session, or the public API's key acting for its creator), else the session.
    const auth = request.auth ?? (await ctx.sessions.getAuth(request));
    const call: TRuleCall = { ctx, request, auth, reply: null, subject: null };
    const { view, subject } = rule;
    call.subject = subject ? await safely(() => subject(call)) : null;
    request.auditPending = { rule, call, before: view ? await safely(() => view(call)) : null };
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
      email: (await findAccount(ctx.db, auth.userId))?.email ?? null,
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
    const after = view && !failed ? await safely(() => view(call)) : null;
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
    for (const method of methods) {
      const rule = ruleFor(method, route.url);
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
