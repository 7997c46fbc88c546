// Two stations with one of everything (message, translation, contact, pending sign-up, user with
// an API key, machine, message type, delivery, template, schedule, inbox conversation), sessions made straight in the database (no
// sign-in limits spent), and the map from an operation's parameters to those objects.
import { COOKIE_NAMES, STATION_KEY_SCOPES } from '@message-station/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  agentClients,
  inboxConversations,
  inboxMessages,
  messageSchedules,
  messageSendRequests,
  messageTemplates,
  messageTypes,
  sessions,
  smsDeliveries,
  smsSends,
  stations,
  userInvitations,
  users,
  weatherAlerts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createStationKey } from '../../modules/station-keys/service.js';
import { createUserWithHash, issueApiKey } from '../../modules/users/service.js';
import { createSession } from '../../platform/session.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../app.js';
import { TEST_CONFIG_ENV } from '../db.js';
import { createContact } from '../factories.js';
import { startFakeNws } from '../fake-nws.js';
import { createMessage } from '../messages-factory.js';
import type { TOperation } from './operations.js';

export type TStationObjects = {
  stationId: string;
  slug: string;
  adminId: string;
  messageId: string;
  contactId: string;
  /** The active contact's number. */
  contactPhone: string;
  pendingContactId: string;
  /** A plain user of the station: the target of user operations (never the admin signed in). */
  userId: string;
  /** The user's desktop-agent key. */
  apiKey: string;
  /** A station API key for the public API v1, with every scope. */
  stationKey: string;
  stationKeyId: string;
  /** A pending invitation of the station and its link's token. */
  invitationId: string;
  invitationToken: string;
  /** A session of the admin's other than the one making requests. */
  sessionId: string;
  machineClientId: string;
  messageTypeId: string;
  templateId: string;
  scheduleId: string;
  sendRequestId: string;
  conversationId: string;
  /** An outbound webhook endpoint and one delivery to it. */
  webhookEndpointId: string;
  webhookDeliveryId: string;
  /** A weather alert the station received, and the message drafted from it. */
  weatherAlertId: string;
  deliveryPhone: string;
  /** Written into every object's text, so a reply that carries any of it is a leak. */
  marker: string;
};

async function stationObjects(db: Db, slug: string, label: string): Promise<TStationObjects> {
  const [station] = await db.select().from(stations).where(eq(stations.slug, slug));
  if (!station) throw new Error(`no station ${slug}`);
  const [admin] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.stationId, station.id), eq(users.role, 'admin')));
  if (!admin) throw new Error(`no admin in ${slug}`);
  const marker = `zz-${label}-private`;
  const message = await createMessage(db, station.id, {
    title: `${marker} title`,
    original: `${marker} text`,
    translations: { es: `${marker} texto` },
  });
  const phone = label === 'a' ? '+12125550111' : '+12125550122';
  const contact = await createContact(db, station.id, { phone, name: `${marker} contact` });
  const pending = await createContact(db, station.id, {
    phone: label === 'a' ? '+12125550133' : '+12125550144',
    status: 'pending',
    verified: false,
  });
  // The admin's hash: no argon2 work spent on a user nobody signs in as.
  const user = await createUserWithHash(db, {
    stationId: station.id,
    email: `${marker}@example.test`,
    passwordHash: admin.passwordHash,
    fullName: `${marker} user`,
    role: 'user',
    apiAccessEnabled: true,
  });
  const { apiKey } = await issueApiKey(
    { db, now: new Date(), stationId: station.id, userId: admin.id },
    user.id,
  );
  const stationKey = await createStationKey(
    { db, now: new Date(), stationId: station.id, userId: admin.id },
    { name: `${marker} integration`, scopes: [...STATION_KEY_SCOPES], rate_limit_per_minute: 1000 },
  );
  const invitationToken = `${marker}-invitation-token`;
  const [invitation] = await db
    .insert(userInvitations)
    .values({
      stationId: station.id,
      email: `${marker}-invited@example.test`,
      fullName: `${marker} invited`,
      role: 'user',
      tokenHash: sha256(invitationToken),
      invitedBy: admin.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: userInvitations.id });
  if (!invitation) throw new Error('invitation not written');
  const machineClientId = `${marker}-pc`;
  await db.insert(agentClients).values({
    stationId: station.id,
    clientId: machineClientId,
    nodeId: 'gone-node',
    connectionId: crypto.randomUUID(),
    clientName: `${marker} studio`,
    platform: 'Linux',
    clientVersion: '1.0.0',
    disconnectedAt: new Date(),
  });
  // Another browser of the admin's: what the Sessions list signs out.
  const { token } = await createSession(db, { userId: admin.id, now: new Date() });
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!session) throw new Error('session not written');
  const [type] = await db.select().from(messageTypes).where(eq(messageTypes.stationId, station.id)).limit(1);
  if (!type) throw new Error(`no message types in ${slug}`);
  const [send] = await db
    .insert(smsSends)
    .values({
      stationId: station.id,
      messageId: message.id,
      messageTitle: message.title,
      messageType: 'emergency',
      recipients: 1,
      credits: 1,
    })
    .returning();
  if (!send) throw new Error('send not written');
  await db.insert(smsDeliveries).values({
    stationId: station.id,
    sendId: send.id,
    contactId: contact.id,
    phone,
    language: 'en',
    body: `${marker} sms`,
    segments: 1,
    status: 'delivered',
    notBefore: new Date(),
    sentAt: new Date(),
    finishedAt: new Date(),
  });
  const webhook = await webhookObjects(db, station.id, marker);
  const [weatherAlert] = await db
    .insert(weatherAlerts)
    .values({
      stationId: station.id,
      nwsId: `urn:oid:2.49.0.1.840.0.${label}-security`,
      event: 'Tornado Warning',
      severity: 'Extreme',
      headline: `${marker} tornado warning`,
      areaDesc: `${marker} county`,
      kind: 'Alert',
      sentAt: new Date(),
      receivedAt: new Date(),
      outcome: 'drafted',
      messageId: message.id,
    })
    .returning({ id: weatherAlerts.id });
  if (!weatherAlert) throw new Error('weather alert not written');
  const { templateId, scheduleId, conversationId, sendRequestId } = await workflowObjects(db, {
    stationId: station.id,
    adminId: admin.id,
    messageId: message.id,
    contactId: contact.id,
    phone,
    marker,
  });
  return {
    stationId: station.id,
    slug,
    adminId: admin.id,
    templateId,
    scheduleId,
    conversationId,
    sendRequestId,
    webhookEndpointId: webhook.endpointId,
    webhookDeliveryId: webhook.deliveryId,
    weatherAlertId: weatherAlert.id,
    messageId: message.id,
    contactId: contact.id,
    contactPhone: phone,
    pendingContactId: pending.id,
    userId: user.id,
    apiKey,
    stationKey: stationKey.key,
    stationKeyId: stationKey.station_key.id,
    invitationId: invitation.id,
    invitationToken,
    sessionId: session.id,
    machineClientId,
    messageTypeId: type.id,
    deliveryPhone: phone,
    marker,
  };
}

/** An outbound webhook endpoint (its secret sealed for no one) and a delivered event to it. */
async function webhookObjects(db: Db, stationId: string, marker: string) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      stationId,
      url: 'https://hooks.example.com/in',
      description: `${marker} endpoint`,
      events: ['send.completed'],
      secretSealed: 'v1.unreadable',
      secretHint: 'zzzz',
    })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) throw new Error('webhook endpoint not written');
  const eventId = crypto.randomUUID();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      stationId,
      endpointId: endpoint.id,
      eventId,
      eventType: 'send.completed',
      payload: {
        id: eventId,
        type: 'send.completed',
        created_at: new Date().toISOString(),
        station_id: stationId,
        data: { note: `${marker} event` },
      },
      status: 'delivered',
      attempts: 1,
      finishedAt: new Date(),
    })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('webhook delivery not written');
  return { endpointId: endpoint.id, deliveryId: delivery.id };
}

/** A template, a schedule of the message and an inbox conversation with the contact. */
async function workflowObjects(
  db: Db,
  o: {
    stationId: string;
    adminId: string;
    messageId: string;
    contactId: string;
    phone: string;
    marker: string;
  },
) {
  const [template] = await db
    .insert(messageTemplates)
    .values({
      stationId: o.stationId,
      name: `${o.marker} template`,
      messageType: 'emergency',
      title: `${o.marker} template title`,
      original: `${o.marker} on {date}`,
      originalLanguage: 'en',
      createdBy: o.adminId,
    })
    .returning({ id: messageTemplates.id });
  const [schedule] = await db
    .insert(messageSchedules)
    .values({
      stationId: o.stationId,
      messageId: o.messageId,
      createdBy: o.adminId,
      repeat: 'daily',
      startDate: '2030-01-01',
      localTime: '09:00',
      timeZone: 'America/New_York',
      sendSms: false,
      machineIds: [`${o.marker}-pc`],
      nextRunAt: new Date('2030-01-01T14:00:00Z'),
    })
    .returning({ id: messageSchedules.id });
  const [conversation] = await db
    .insert(inboxConversations)
    .values({
      stationId: o.stationId,
      phone: o.phone,
      contactId: o.contactId,
      unreadCount: 1,
      lastMessageAt: new Date(),
      lastPreview: `${o.marker} question`,
      lastDirection: 'in',
    })
    .returning({ id: inboxConversations.id });
  // A standard user's request to send the message, waiting for an admin.
  const [sendRequest] = await db
    .insert(messageSendRequests)
    .values({
      stationId: o.stationId,
      messageId: o.messageId,
      requestedBy: o.adminId,
      requestedAt: new Date(),
      note: `${o.marker} please send`,
    })
    .returning({ id: messageSendRequests.id });
  if (!template || !schedule || !conversation || !sendRequest)
    throw new Error('workflow objects not written');
  await db.insert(inboxMessages).values({
    stationId: o.stationId,
    conversationId: conversation.id,
    direction: 'in',
    body: `${o.marker} question`,
    language: 'en',
    translationStatus: 'not_needed',
    smsStatus: 'received',
  });
  return {
    templateId: template.id,
    scheduleId: schedule.id,
    conversationId: conversation.id,
    sendRequestId: sendRequest.id,
  };
}

/** The app of one test file: station A ("demo") and station B ("riverside") of the demo seed. */
export async function createSecurityWorld() {
  // The weather routes reach NWS (zones, event names): its loopback fake, so they answer as in use.
  const nws = await startFakeNws();
  afterAll(() => nws.close());
  const { app, db, config } = await createTestApp({
    config: { weather: { ...loadConfig(TEST_CONFIG_ENV).weather, apiUrl: nws.url } },
  });
  const a = await stationObjects(db, 'demo', 'a');
  const b = await stationObjects(db, 'riverside', 'b');
  const [superadmin] = await db.select({ id: users.id }).from(users).where(eq(users.isSuperadmin, true));
  if (!superadmin) throw new Error('no superadmin in the seed');

  /** A browser signed in as the user (a fresh session each call), holding its CSRF cookie. */
  async function signedIn(userId: string, ip = '127.0.0.1') {
    const { token } = await createSession(db, { userId, now: new Date() });
    const client = new TestClient(app, ip);
    client.jar.set(COOKIE_NAMES.session, token);
    await client.get('/auth/session');
    if (!client.jar.has(COOKIE_NAMES.csrf)) throw new Error('no CSRF cookie handed out');
    return client;
  }

  /** A visitor who opened the site: the anonymous CSRF cookie, no session. */
  async function visitor(ip = '127.0.0.1') {
    const client = new TestClient(app, ip);
    await client.get('/auth/session');
    return client;
  }

  return { app, db, config, a, b, superadminId: superadmin.id, signedIn, visitor };
}

export type TSecurityWorld = Awaited<ReturnType<typeof createSecurityWorld>>;

/** Superadmin operations: the only ones a station admin may not call at all (403). */
export const isSuperadminOperation = (operation: TOperation) =>
  operation.path.startsWith('/admin/api/superadmin/');

/**
 * The value of each path parameter, taken from the objects of one station. The resource is the
 * path segment before the parameter; a parameter nobody mapped fails the suite, so a new route
 * with an id cannot slip past the tenancy check.
 */
export function pathValues(operation: TOperation, objects: TStationObjects): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of operation.path.matchAll(/([^/]+)\/\{([^}]+)\}/g)) {
    const [, resource = '', name = ''] = match;
    const value = PATH_OBJECTS[`${resource}/{${name}}`]?.(objects);
    if (value === undefined) throw new Error(`${operation.key}: map ${resource}/{${name}} to a fixture`);
    values[name] = value;
  }
  return values;
}

const PATH_OBJECTS: Record<string, (objects: TStationObjects) => string> = {
  'messages/{id}': (o) => o.messageId,
  'translations/{language}': () => 'es',
  'users/{id}': (o) => o.userId,
  'invitations/{id}': (o) => o.invitationId,
  'invitations/{token}': (o) => o.invitationToken,
  'sessions/{id}': (o) => o.sessionId,
  'sms-contacts/{id}': (o) => o.contactId,
  // The public API v1's contacts (/api/v1/contacts/{id}) and the admin's station keys.
  'contacts/{id}': (o) => o.contactId,
  'station-keys/{id}': (o) => o.stationKeyId,
  'message-types/{id}': (o) => o.messageTypeId,
  'templates/{id}': (o) => o.templateId,
  'send-requests/{id}': (o) => o.sendRequestId,
  'schedules/{id}': (o) => o.scheduleId,
  'inbox/{id}': (o) => o.conversationId,
  // Outbound webhooks: an endpoint, and a delivery of the log.
  'webhooks/{id}': (o) => o.webhookEndpointId,
  'deliveries/{id}': (o) => o.webhookDeliveryId,
  // Weather alerts: an alert the station received.
  'alerts/{id}': (o) => o.weatherAlertId,
  'switch-station/{id}': (o) => o.stationId,
  'stations/{id}': (o) => o.stationId,
  'stations/{slug}': (o) => o.slug,
  'subscribe/{slug}': (o) => o.slug,
  // Releases are the same for every station.
  'releases/{version}': () => '0.0.0-none',
  'app/{version}': () => '0.0.0-none',
};

/** Ids carried in bodies, mapped to the same station's objects. */
export function bodyIds(objects: TStationObjects): Record<string, string> {
  return { client_id: objects.machineClientId, contact_id: objects.pendingContactId };
}

/** Ids carried in query strings (a list filtered to one message), mapped the same way. */
export function queryIds(objects: TStationObjects): Record<string, string> {
  return {
    message_id: objects.messageId,
    endpoint_id: objects.webhookEndpointId,
    // The delivery log's cursor: a delivery of the station's own.
    before_id: objects.webhookDeliveryId,
  };
}

/** The public API v1: a bearer station key instead of the browser's session. */
export const isPublicApiOperation = (operation: TOperation) => operation.path.startsWith('/api/v1/');

/**
 * Headers a request needs to reach its handler: for the public API v1, the station's key and an
 * Idempotency-Key (which its send requires); none for the rest.
 */
export function callerHeaders(operation: TOperation, objects: TStationObjects): Record<string, string> {
  if (!isPublicApiOperation(operation)) return {};
  return { authorization: `Bearer ${objects.stationKey}`, 'idempotency-key': `security-${operation.method}` };
}

/** Query values a request needs to reach its handler (the rest are left to their defaults). */
export const REQUIRED_QUERY: Record<string, Record<string, string>> = {
  'GET /admin/api/messages/{id}/audio': { lang: 'en' },
};
