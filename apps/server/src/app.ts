// buildApp wires plugins and modules around the collaborators it is given; it never listens,
// so tests drive it with app.inject.
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION, ZStationPublicInfo } from '@message-station/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext, TAppDeps } from './app-context.js';
import { registerGauges } from './app-metrics.js';
import { nodeRuns, nodeServes, startNodeWork } from './app-work.js';
import { messageParts } from './message-parts.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { audioRoutes } from './modules/audio/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { registerAuditTrail } from './modules/audit/trail.js';
import { authRoutes } from './modules/auth/routes.js';
import { startSession } from './modules/auth/service.js';
import { billingRoutes } from './modules/billing/routes.js';
import { botCheckRoutes } from './modules/bot-check/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { heldAfterRestoreRoutes } from './modules/delivery/restore-holds-routes.js';
import { deliveryRoutes } from './modules/delivery/routes.js';
import { stationSendingRoutes } from './modules/delivery/sending-routes.js';
import { devOutboxRoutes } from './modules/dev-outbox/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { receiveInboxText } from './modules/inbox/service.js';
import { createAgentHub } from './modules/machines/hub.js';
import { machineRoutes } from './modules/machines/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { findMessage } from './modules/messages/service.js';
import { createDocumentTransform, SECURITY_SCHEMES } from './modules/public-api/document.js';
import { publicApiRoutes } from './modules/public-api/routes.js';
import { createRateLimits } from './modules/rate-limits/index.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { releaseRoutes } from './modules/releases/routes.js';
import { scheduleRoutes } from './modules/schedules/routes.js';
import { sendRequestRoutes } from './modules/send-requests/routes.js';
import { smsContactRoutes } from './modules/sms-contacts/routes.js';
import { smsTextRoutes } from './modules/sms-texts/routes.js';
import { stationRoutes } from './modules/station/routes.js';
import { stationSettingsRoutes } from './modules/station/settings-routes.js';
import { typeTranslationRoutes } from './modules/station/type-translation-routes.js';
import { stationKeyRoutes } from './modules/station-keys/routes.js';
import { subscriberRoutes } from './modules/subscribers/routes.js';
import { moveLanguagesOutside, stationPublicInfo } from './modules/subscribers/service.js';
import { superadminRoutes } from './modules/superadmin/routes.js';
import { templateRoutes } from './modules/templates/routes.js';
import { glossaryRoutes } from './modules/translation/glossary-routes.js';
import { translationSettingsRoutes } from './modules/translation/settings-routes.js';
import { getCoverage } from './modules/translation/settings-service.js';
import { createStationTranslation } from './modules/translation/station-chains.js';
import { userRoutes } from './modules/users/routes.js';
import { countStationAdmins } from './modules/users/service.js';
import { findAccount, findUserNames } from './modules/users/trail-service.js';
import { alertPageRoutes } from './modules/weather/alert-page.js';
import { weatherRoutes } from './modules/weather/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { registerApiCompression } from './platform/api-compression.js';
import { registerBodyDepthLimit } from './platform/body-depth.js';
import { recordRoutes } from './platform/endpoint-routes.js';
import { AppError, clientErrorHandler, errorBody, registerErrorHandler } from './platform/errors.js';
import { createEventBus } from './platform/event-bus.js';
import { createGuards, type TGuards } from './platform/guards.js';
import { startJobRunner } from './platform/jobs.js';
import { SAFE_LOG_SERIALIZERS } from './platform/log-safety.js';
import { registerMethodNotAllowed } from './platform/method-not-allowed.js';
import { createMetrics } from './platform/metrics.js';
import { openRateLimitStore, routeStoreFor } from './platform/rate-limit/index.js';
import { requestIdFrom, requestIdLogMixin, withRequestId } from './platform/request-context.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { registerSessions } from './platform/session.js';
import { openStreamCount } from './platform/sse.js';
import { subscriberPages } from './platform/subscriber-pages.js';
import { registerWebApp } from './platform/web-app.js';
import { createEmailProvider } from './providers/email/index.js';
import { createSmsProvider } from './providers/sms/index.js';
import { meteredSms } from './providers/sms/metered.js';
import {
  createOperatorEngines,
  createTranslationProvider,
  missingEngineHint,
} from './providers/translation/index.js';
import { stationCreationSteps } from './station-creation.js';

/** Paths that always answer JSON, never the single-page app. */
const API_PREFIXES = ['/api/', '/admin/api/', '/auth/', '/dev/api/', '/webhooks/', '/subscribe/', '/agent/'];

export async function buildApp(deps: TAppDeps) {
  const { config, database } = deps;
  const role = config.role;
  const now = deps.now ?? (() => new Date());
  // What a message shows of the sends (delivery) and the trusted engines (translation), modules
  // above messages that it does not import, and the rows other modules add to a new station:
  // built here once, handed to the services in the context below and to the background work.
  const parts = messageParts();
  const creationSteps = stationCreationSteps();
  const app = Fastify({
    // Errors without SQL parameters, texts without emails and numbers, URLs without queries.
    logger:
      deps.logger && typeof deps.logger === 'object'
        ? ({
            ...deps.logger,
            serializers: { ...SAFE_LOG_SERIALIZERS, ...deps.logger.serializers },
            mixin: requestIdLogMixin,
          } as FastifyServerOptions['logger'])
        : (deps.logger ?? false),
    trustProxy: config.trustProxy,
    // X-Request-Id from the load balancer (or the caller) when it is a plain token, else a UUID;
    // answered in the response and carried into the jobs and provider calls of the request.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // A request the HTTP parser refuses still answers {error} (decision 0024).
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done, true);
  });
  // Every response timed by its route, from the first plugin on.
  const metrics = createMetrics();
  metrics.instrumentHttp(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerBodyDepthLimit(app);
  registerSecurityHeaders(app, { https: config.cookieSecure });
  // A known path with a wrong method: 405 with Allow (decision 0053); a page's GET still falls
  // back to the single-page app.
  registerMethodNotAllowed(app, {
    wantsPage: (_request, pathname) =>
      !API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix),
  });
  // Every route from here on, for the check against the endpoint table (decision 0067).
  recordRoutes(app);

  // The document reads each route's guard (its security, 401 and 403): the app's guards, made below.
  let documentGuards: TGuards | undefined;
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Message Station API',
        description: 'Multilingual alerting for stations: messages, translation, SMS, playout.',
        version: APP_VERSION,
      },
      servers: [{ url: config.publicUrl.replace(/\/$/, '') }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createDocumentTransform({ guards: () => documentGuards }),
  });
  await app.register(fastifyCookie);
  // Desktop agents: small JSON frames only.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // Twilio posts webhooks as application/x-www-form-urlencoded.
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: 5 * 1024 * 1024 } });
  // Every route's limit counts in the store all nodes share (decision 0019).
  const rateStore = openRateLimitStore(config.rateLimits.redisUrl, database, app.log);
  app.addHook('onClose', async () => {
    await rateStore.close();
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: routeStoreFor(rateStore, now),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        { rate_limit: 'route', wait: context.after },
        { rate_limit: 'route', retry_after_seconds: Math.ceil(context.ttl / 1000) },
      ),
  });

  const sessions = registerSessions(app, {
    db: database.db,
    secret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    now,
    cacheMs: config.sessionCacheMs,
  });
  const shutdownCallbacks = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const callback of shutdownCallbacks) callback();
  });
  const events = await createEventBus({ pool: database.pool, log: app.log, onArrival: metrics.notifyLag });
  const jobs = await startJobRunner(database, app.log, { runsJobs: nodeRuns(role) });
  const agents = createAgentHub({
    db: database.db,
    messageParts: parts,
    events,
    now,
    log: app.log,
    timeouts: deps.agentTimeouts,
    heartbeatSeconds: deps.agentHeartbeatSeconds,
  });
  // Before the database and the event bus close: the machines held here are marked gone.
  app.addHook('preClose', async () => {
    await agents.close();
  });
  app.addHook('onClose', async () => {
    try {
      await jobs.stop();
    } finally {
      await events.close();
    }
  });
  const operatorEngines = deps.translation ? [deps.translation] : createOperatorEngines(config.translation);
  const translation = deps.translation ?? createTranslationProvider(config.translation, operatorEngines);
  const stationTranslation = createStationTranslation({
    db: database.db,
    config: config.translation,
    operator: translation,
    operatorEngines,
    hint: (from, to) => missingEngineHint(config.translation, from, to),
    log: app.log,
  });
  const sms = meteredSms(deps.sms ?? createSmsProvider(config.sms, database.db), metrics);
  const email = deps.email ?? createEmailProvider(config.email, database.db);
  const work = await startNodeWork({
    role,
    config,
    database,
    jobs,
    events,
    sms,
    email,
    agents,
    rateStore,
    stationTranslation,
    messageParts: parts,
    now,
    log: app.log,
    dispatchInBackground: deps.dispatchInBackground,
  });
  // SIGTERM drains before the database closes: calls in flight are recorded, claims given back.
  app.addHook('preClose', async () => {
    await work.dispatch.drain();
    await work.webhooks.drain();
  });
  const ctx: TAppContext = {
    config,
    db: database.db,
    database,
    sessions,
    guards: createGuards(sessions),
    sms,
    email,
    events,
    agents,
    translationQueue: work.translationQueue,
    inboxQueue: work.inboxQueue,
    messageParts: parts,
    stationCreationSteps: creationSteps,
    translation,
    stationTranslation,
    limits: createRateLimits({
      store: rateStore,
      config: config.rateLimits,
      db: database.db,
      boss: jobs.boss,
      now,
    }),
    now,
    onShutdown: (callback) => {
      shutdownCallbacks.add(callback);
      return () => shutdownCallbacks.delete(callback);
    },
  };
  documentGuards = ctx.guards;
  // Dev pages and APIs: only with DEV_TOOLS (never in production) while the outbox is in use.
  const outboxActive = config.devTools && ctx.sms.name === 'outbox';

  // Before any route: each state-changing route is matched to its audit rule as it registers.
  registerAuditTrail(app, {
    ...ctx,
    actorEmail: async (userId) => (await findAccount(ctx.db, userId))?.email ?? null,
  });
  // After the trail's hooks: the API's JSON answers of 1 KiB or more, GET only (decision 0086).
  registerApiCompression(app, API_PREFIXES);
  registerGauges(metrics, {
    database,
    now,
    openStreams: () => openStreamCount(events),
    agentSockets: agents.connectedHere,
    agentFrames: agents.frameStats,
  });
  await app.register(healthRoutes, { ...ctx, role, metrics });
  // A worker node answers its health only: the API, the pages, SSE and agents are the api nodes'.
  if (!nodeServes(role)) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(new AppError('not_found'))));
    return app;
  }
  await app.register(auditRoutes, { ...ctx, actorNames: findUserNames });
  await app.register(authRoutes, ctx);
  await app.register(registrationRoutes, ctx);
  await app.register(stationRoutes, ctx);
  await app.register(subscriberRoutes, {
    ...ctx,
    inboxIntake: (log) => (tx, text) => receiveInboxText({ ...ctx, log }, tx, text),
    languageCoverage: getCoverage,
  });
  await app.register(smsContactRoutes, ctx);
  await app.register(inboxRoutes, ctx);
  await app.register(messageRoutes, ctx);
  await app.register(approvalRoutes, { ...ctx, findMessage });
  await app.register(sendRequestRoutes, ctx);
  await app.register(stationSettingsRoutes, { ...ctx, moveLanguagesOutside, countStationAdmins });
  await app.register(smsTextRoutes, ctx);
  await app.register(typeTranslationRoutes, ctx);
  await app.register(translationSettingsRoutes, ctx);
  await app.register(glossaryRoutes, ctx);
  await app.register(templateRoutes, ctx);
  await app.register(userRoutes, { ...ctx, startSession });
  await app.register(stationKeyRoutes, ctx);
  await app.register(billingRoutes, ctx);
  await app.register(superadminRoutes, ctx);
  await app.register(deliveryRoutes, { ...ctx, dispatch: work.dispatch });
  await app.register(heldAfterRestoreRoutes, { ...ctx, dispatch: work.dispatch });
  await app.register(scheduleRoutes, { ...ctx, schedules: work.schedules });
  await app.register(weatherRoutes, {
    ...ctx,
    async sent(stationId, messageId) {
      await work.dispatch.wake(stationId);
      await ctx.events.publish({ stationId, type: 'sms_progress', data: { message_id: messageId } });
    },
  });
  // A sent weather alert's public page, linked from a shortened SMS (decision 0052).
  await app.register(alertPageRoutes, ctx);
  await app.register(stationSendingRoutes, ctx);
  await app.register(webhookRoutes, { ...ctx, webhooks: work.webhooks });
  await app.register(publicApiRoutes, { ...ctx, dispatch: work.dispatch, rateStore });
  await app.register(dashboardRoutes, ctx);
  await app.register(botCheckRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(machineRoutes, ctx);
  await app.register(audioRoutes, ctx);
  await app.register(releaseRoutes, ctx);
  if (outboxActive) await app.register(devOutboxRoutes, ctx);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Dev pages (/dev/outbox, /dev/checkout) exist only with the dev tools and the outbox.
  await registerWebApp(app, config.webDistDir, {
    apiPrefixes: outboxActive ? API_PREFIXES : [...API_PREFIXES, '/dev/'],
    turnstile: config.botCheck.provider === 'turnstile',
    subscriberPages: subscriberPages(config.webSsrDir, {
      // As GET /subscribe/{slug}/info answers it: the page's data is the API's own.
      stationInfo: (slug, language) =>
        stationPublicInfo({ ...ctx, languageCoverage: getCoverage }, { slug, language }).then(
          (info) => ZStationPublicInfo.parse(info),
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'station_not_found') return null;
            throw error;
          },
        ),
      now: ctx.now,
    }),
  });
  return app;
}

export type TApp = Awaited<ReturnType<typeof buildApp>>;
