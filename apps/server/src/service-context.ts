// What every service function receives first: one vocabulary for the request's facts and the app's
// collaborators. A service is `fn(context, input)`, its context a `Pick` of TServiceContext naming
// what it uses (`Pick<TServiceContext, 'db' | 'now' | 'stationId'>`), so the same thing has the
// same name and type in every module, and a route hands a service what it asks for, built by
// `requestFacts` / `staffFacts` below instead of by hand in each routes file.
import type { FastifyRequest } from 'fastify';
import type { TConfig } from './config.js';
import type { Db } from './db/client.js';
import type { TMessageOutsideParts } from './modules/messages/outside-parts.js';
import type { TTranslationQueue } from './modules/messages/translation-queue.js';
import type { TCodeTextLimits } from './modules/rate-limits/code-texts.js';
import type { TStationCreationStep } from './modules/station/creation.js';
import type { TStationTranslation } from './modules/translation/station-chains.js';
import type { TEventBus } from './platform/event-bus.js';
import { authOf } from './platform/guards.js';
import type { TAuth } from './platform/session.js';
import type { TEmailProvider } from './providers/email/index.js';
import type { TSmsProvider } from './providers/sms/index.js';
import type { TTranslationProvider } from './providers/translation/types.js';

export type TServiceContext = {
  db: Db;
  /** The request's moment, read once from the app's clock (tests fix it). */
  now: Date;
  config: TConfig;
  sms: TSmsProvider;
  email: TEmailProvider;
  events: TEventBus;
  translation: TTranslationProvider;
  /** Each station's engines (Settings → Translation) before the operator's. */
  stationTranslation: TStationTranslation;
  translationQueue: TTranslationQueue;
  /** What a message shows of delivery's and translation's tables (app.ts builds it, message-parts.ts). */
  messageParts: TMessageOutsideParts;
  /** Other modules' rows of a new station (app.ts builds them, station-creation.ts). */
  stationCreationSteps: readonly TStationCreationStep[];
  /** The shared caps services check themselves (decision 0019); the app's `limits` has them. */
  limits: { codeTexts: TCodeTextLimits };
  /** The signed-in staff member (guards.ts); `stationId` and `userId` are theirs. */
  auth: TAuth;
  stationId: string;
  userId: string;
  ip: string;
  userAgent?: string;
  log?: { error(details: object, message: string): void };
};

/** The facts of any request, signed in or not: database, moment, caller's address and browser. */
export function requestFacts(
  deps: { db: Db; now: () => Date },
  request: FastifyRequest,
): Pick<TServiceContext, 'db' | 'now' | 'ip' | 'userAgent'> {
  return { db: deps.db, now: deps.now(), ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** A signed-in staff member's request: the facts above, and who and which station. */
export function staffFacts(
  deps: { db: Db; now: () => Date },
  request: FastifyRequest,
): Pick<TServiceContext, 'db' | 'now' | 'ip' | 'userAgent' | 'auth' | 'stationId' | 'userId'> {
  const auth = authOf(request);
  return { ...requestFacts(deps, request), auth, stationId: auth.stationId, userId: auth.userId };
}
