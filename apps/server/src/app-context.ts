// What buildApp is given (TAppDeps) and what every module's routes receive (TAppContext). Kept
// apart from app.ts so that modules never import the file that imports them (no cycle).
import type { FastifyServerOptions } from 'fastify';
import type { TConfig } from './config.js';
import type { Database } from './db/client.js';
import type { TInboxQueue } from './modules/inbox/service.js';
import type { TAgentHub } from './modules/machines/hub.js';
import type { TMessageOutsideParts } from './modules/messages/outside-parts.js';
import type { TTranslationQueue } from './modules/messages/translation-queue.js';
import type { TRateLimits } from './modules/rate-limits/index.js';
import type { TStationCreationStep } from './modules/station/creation.js';
import type { TStationTranslation } from './modules/translation/station-chains.js';
import type { TEventBus } from './platform/event-bus.js';
import type { TGuards } from './platform/guards.js';
import type { TSessions } from './platform/session.js';
import type { TEmailProvider } from './providers/email/index.js';
import type { TSmsProvider } from './providers/sms/index.js';
import type { TTranslationProvider } from './providers/translation/types.js';

export type TAppDeps = {
  config: TConfig;
  database: Database;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the provider chosen by configuration. */
  sms?: TSmsProvider;
  /** Defaults to the provider chosen by configuration (dev outbox or SMTP). */
  email?: TEmailProvider;
  /** Run the SMS dispatcher in this process (default). Tests of the dispatcher drive it by hand. */
  dispatchInBackground?: boolean;
  /** Defaults to the chain of engines chosen by configuration. */
  translation?: TTranslationProvider;
  /** Tests shorten how long a command waits for an agent, and the heartbeat. */
  agentTimeouts?: Partial<Record<'play' | 'stop' | 'export', number>>;
  agentHeartbeatSeconds?: number;
};

/** What every module's routes receive. */
export type TAppContext = {
  config: TConfig;
  db: Database['db'];
  database: Database;
  sessions: TSessions;
  guards: TGuards;
  sms: TSmsProvider;
  email: TEmailProvider;
  events: TEventBus;
  /** The desktop agents connected to this process, and commands to agents anywhere. */
  agents: TAgentHub;
  translationQueue: TTranslationQueue;
  /** Inbound texts' translations into the station's language (the inbox, decision 0040). */
  inboxQueue: TInboxQueue;
  /** The operator's chain of engines (environment), for texts of no station yet (a signup's). */
  translation: TTranslationProvider;
  /** A station's chain: its own engines (Settings → Translation), then the operator's. */
  stationTranslation: TStationTranslation;
  /**
   * What a message shows of tables owned by modules above messages: its latest send (delivery) and
   * the engines its station trusts (translation); built by message-parts.ts (decision 0065).
   */
  messageParts: TMessageOutsideParts;
  /** The rows other modules add to a new station, in its transaction (station-creation.ts). */
  stationCreationSteps: readonly TStationCreationStep[];
  /** Sign-in failures, verification texts, API keys: counted on every node together (0019). */
  limits: TRateLimits;
  now: () => Date;
  /**
   * Runs before the server closes (ends live streams so shutdown is not held open). Returns the
   * way to take the callback back: a stream that ends first must, or it stays in memory.
   */
  onShutdown(callback: () => void): () => void;
};
