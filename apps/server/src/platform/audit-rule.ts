// What a route records in the audit log (decisions 0021 and 0066), declared beside the route in its
// options: `config: audit({ action: 'message.updated', target: 'message', view, details })`, or
// `config: notAudited('why')` for a state-changing route that records nothing. The audit trail
// (modules/audit/trail.ts) reads it when the route registers; the module that owns the route reads
// its own objects (the view), so the audit module imports no other module.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { TAuth } from './session.js';

export type TAuditView = Record<string, unknown>;
/** Who acted: kept on the row as it was (the email survives the account). */
export type TAuditActor = { userId: string; email: string | null; isSuperadmin: boolean };
/** An account found without a session (sign-in, a reset link), with its station. */
export type TAuditSubject = TAuditActor & { stationId: string };

export type TAuditCall = {
  request: FastifyRequest;
  /** The session as it was before the handler (sign-out ends it). */
  auth: TAuth | null;
  /** The JSON answer of a successful call. */
  reply: unknown;
  /** The account the rule's `subject` found before the handler. */
  subject: TAuditSubject | null;
};

export type TAuditRule = {
  action: string;
  /** Refusals worth recording, by status (a wrong password). */
  failedAction?: Partial<Record<number, string>>;
  target?: string;
  /** The target's id; the :id parameter when not given. */
  targetId?: (call: TAuditCall) => string | null | undefined;
  /** The object as staff can change it, read before and after: the row keeps what changed. */
  view?: (call: TAuditCall) => Promise<TAuditView | null>;
  /** Parameters of the action (`view` is the object as it was, or as created); null records nothing. */
  details?: (call: TAuditCall, view: TAuditView | null) => TAuditView | null | Promise<TAuditView | null>;
  /** The account concerned when no session says (sign-in, a reset link); it is the target. */
  subject?: (call: TAuditCall) => Promise<TAuditSubject | null>;
  /** On success the subject is also who acted (they signed in). */
  subjectActs?: boolean;
  /** The station the row belongs to, when it is not the session's. */
  station?: (call: TAuditCall) => string | null | undefined | Promise<string | null | undefined>;
};

/** A route's declaration: its rule, or why a state-changing route records nothing. */
export type TRouteAudit = TAuditRule | { notAudited: string };

/**
 * What a handler hands the audit trail of its own objects, read where it reads them (in its
 * transaction): the object before the change and after it. A given view stands in for the rule's
 * `view` read. Present on the requests of audited routes only: call it as `request.audit?.before(…)`.
 */
export type TAuditScope = {
  before(view: TAuditView | null): void;
  after(view: TAuditView | null): void;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: TRouteAudit;
  }
  interface FastifyRequest {
    audit?: TAuditScope;
    /**
     * How the actor acted when not through a browser session: the public API v1's station key sets
     * its name and visible prefix, kept with each row it causes.
     */
    auditVia?: Record<string, string>;
  }
}

/** The route's audit rule, for its `config` (spread it beside other settings: `{ rateLimit, ...audit() }`). */
export function audit(rule: TAuditRule): { audit: TAuditRule } {
  return { audit: rule };
}

/** A state-changing route that records nothing, and why (the coverage test wants a reason). */
export function notAudited(reason: string): { audit: { notAudited: string } } {
  return { audit: { notAudited: reason } };
}

export function isAuditRule(declared: TRouteAudit | undefined): declared is TAuditRule {
  return declared !== undefined && 'action' in declared;
}

export const auditParams = (call: TAuditCall) => call.request.params as Record<string, string>;
export const auditBody = (call: TAuditCall) => (call.request.body ?? {}) as Record<string, unknown>;
export const auditReply = (call: TAuditCall) => (call.reply ?? {}) as Record<string, unknown>;
/** The session's station ('' for none). */
export const auditStation = (call: TAuditCall) => call.auth?.stationId ?? '';
/**
 * A rule's `view` of the :id parameter's object: the owning module's read of it in the session's
 * station, picked down to what staff can change.
 */
export const paramView =
  <T>(
    db: Db,
    read: (context: { db: Db; stationId: string }, id: string) => Promise<T>,
    pick: (object: T) => TAuditView,
  ) =>
  async (call: TAuditCall): Promise<TAuditView> =>
    pick(await read({ db, stationId: auditStation(call) }, auditParams(call).id ?? ''));
/** An object's fields that staff can change, as the audit log keeps them (in this order). */
export function pickView<T extends object>(object: T, keys: readonly (keyof T & string)[]): TAuditView {
  return Object.fromEntries(keys.map((key) => [key, object[key]]));
}
/** The id of what the call created, from its answer. */
export const replyId = (call: TAuditCall) => auditReply(call).id as string | undefined;
/** The view's field that names the object. */
export const viewLabel = (key: string) => (_call: TAuditCall, view: TAuditView | null) => ({
  label: view?.[key] ?? null,
});
/** The answer's field that names the object (what was created). */
export const replyLabel = (key: string) => (call: TAuditCall) => ({ label: auditReply(call)[key] ?? null });
/** A creation: the answer's id is the target, its `labelKey` field the label. */
export const createdRule = (action: string, target: string, labelKey: string): TAuditRule => ({
  action,
  target,
  targetId: replyId,
  details: replyLabel(labelKey),
});
