// Generated from the OpenAPI document: every id a station admin can send (path or body) that names
// an object of another station answers 404, never that station's data, and changes nothing there.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentClients,
  apiKeys,
  inboxConversations,
  inboxMessages,
  messageApprovals,
  messageSchedules,
  messages,
  messageTemplates,
  messageTranslations,
  messageTypes,
  sessions,
  smsContactPreferences,
  smsContacts,
  smsDeliveries,
  smsSends,
  stationApiKeys,
  stations,
  users,
} from '../../db/schema/index.js';
import {
  deletionsLast,
  documentedOperations,
  sampleOf,
  type TJsonSchema,
  type TOperation,
  urlOf,
} from './operations.js';
import {
  bodyIds,
  callerHeaders,
  createSecurityWorld,
  isSuperadminOperation,
  pathValues,
  queryIds,
  REQUIRED_QUERY,
  type TStationObjects,
} from './world.js';

/**
 * Ids in bodies or queries that no station admin sends: a sign-up draft (it belongs to no station
 * yet), and the station a test checkout pays for (DEV_TOOLS only, never in production; Stripe's
 * Payment Link carries it the same way).
 */
// phrase_id names an entry of the phrasebook every station shares (decision 0050).
const UNSCOPED_IDS = new Set(['registration_id', 'client_reference_id', 'phrase_id']);
const ID_NAME = /(^|_)id$/;

function propertyNames(schema: TJsonSchema | null): string[] {
  if (!schema) return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    name,
    ...propertyNames(property),
    ...propertyNames(property.items ?? null),
  ]);
}

describe('another station’s ids answer 404', async () => {
  const world = await createSecurityWorld();
  const { app, db, a, b } = world;
  const operations = await documentedOperations(app);

  /** Station B's rows, to prove afterwards that nothing A did reached them. */
  async function stationBRows() {
    const stationId = b.stationId;
    const userIds = (await db.select({ id: users.id }).from(users).where(eq(users.stationId, stationId))).map(
      (row) => row.id,
    );
    return {
      station: await db.select().from(stations).where(eq(stations.id, stationId)),
      messages: await db.select().from(messages).where(eq(messages.stationId, stationId)),
      translations: await db
        .select()
        .from(messageTranslations)
        .where(eq(messageTranslations.stationId, stationId)),
      types: await db.select().from(messageTypes).where(eq(messageTypes.stationId, stationId)),
      contacts: await db.select().from(smsContacts).where(eq(smsContacts.stationId, stationId)),
      preferences: await db
        .select()
        .from(smsContactPreferences)
        .where(eq(smsContactPreferences.stationId, stationId)),
      users: await db.select().from(users).where(eq(users.stationId, stationId)),
      keys: await db.select().from(apiKeys).where(eq(apiKeys.stationId, stationId)),
      stationKeys: await db.select().from(stationApiKeys).where(eq(stationApiKeys.stationId, stationId)),
      sessions: await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, userIds)),
      machines: await db.select().from(agentClients).where(eq(agentClients.stationId, stationId)),
      sends: await db.select().from(smsSends).where(eq(smsSends.stationId, stationId)),
      deliveries: await db.select().from(smsDeliveries).where(eq(smsDeliveries.stationId, stationId)),
      templates: await db.select().from(messageTemplates).where(eq(messageTemplates.stationId, stationId)),
      schedules: await db.select().from(messageSchedules).where(eq(messageSchedules.stationId, stationId)),
      approvals: await db.select().from(messageApprovals).where(eq(messageApprovals.stationId, stationId)),
      conversations: await db
        .select()
        .from(inboxConversations)
        .where(eq(inboxConversations.stationId, stationId)),
      inbox: await db.select().from(inboxMessages).where(eq(inboxMessages.stationId, stationId)),
    };
  }

  const bodyIdNames = new Set(Object.keys(bodyIds(a)));
  const queryIdNames = new Set(Object.keys(queryIds(a)));
  const queryIdsOf = (operation: TOperation) =>
    operation.parameters.filter((p) => p.in === 'query' && queryIdNames.has(p.name)).map((p) => p.name);
  const carriesIds = (operation: TOperation) =>
    /\{id\}/.test(operation.path) ||
    propertyNames(operation.body).some((name) => bodyIdNames.has(name)) ||
    queryIdsOf(operation).length > 0;
  const withIds = deletionsLast(operations.filter(carriesIds));

  /** A's request, with the ids (path `id` and body ids) of `owner`'s objects. */
  function requestOf(operation: TOperation, owner: TStationObjects) {
    const values = pathValues(operation, a);
    if (values.id !== undefined) values.id = pathValues(operation, owner).id ?? values.id;
    const ids = queryIds(owner);
    const query = Object.fromEntries(queryIdsOf(operation).map((name) => [name, ids[name] ?? '']));
    return {
      method: operation.method,
      url: urlOf(operation, values, { ...REQUIRED_QUERY[operation.key], ...query }),
      body: operation.body ? sampleOf(operation.body, bodyIds(owner)) : undefined,
      // The public API v1 is called with A's station key (never B's).
      headers: callerHeaders(operation, a),
    };
  }

  it('every id a request can carry is mapped to a station’s object', () => {
    const unmapped = operations.flatMap((operation) =>
      [...propertyNames(operation.body), ...operation.parameters.map((parameter) => parameter.name)]
        .filter(
          (name) =>
            ID_NAME.test(name) &&
            name !== 'id' &&
            !bodyIdNames.has(name) &&
            !queryIdNames.has(name) &&
            !UNSCOPED_IDS.has(name),
        )
        .map((name) => `${operation.key}: ${name}`),
    );
    expect(unmapped).toEqual([]);
    expect(withIds.length).toBeGreaterThan(20);
  });

  it.each(withIds.map((operation) => [operation.key, operation]))('%s', async (_key, operation) => {
    const superadminOnly = isSuperadminOperation(operation);
    const admin = await world.signedIn(a.adminId);
    const before = await stationBRows();
    const crossing = await admin.request(requestOf(operation, b));
    // Station admins may not call the operator's routes at all; for everything else B's id is unknown.
    expect(crossing.statusCode, crossing.body).toBe(superadminOnly ? 403 : 404);
    expect(typeof crossing.json().error).toBe('string');
    expect(crossing.body).not.toContain(b.marker);
    expect(crossing.body).not.toContain(b.deliveryPhone);
    expect(await stationBRows()).toEqual(before);
    if (superadminOnly) return;
    // The same request with A's own objects finds them: the 404 above was the other station's id.
    const own = await (await world.signedIn(a.adminId)).request(requestOf(operation, a));
    expect(own.statusCode, own.body).not.toBe(404);
    expect(own.statusCode, own.body).toBeLessThan(500);
  });

  it('a station API key of station B does not open station A, nor does a desktop key', async () => {
    for (const key of [b.stationKey, a.apiKey]) {
      const response = await app.inject({
        url: '/api/v1/messages',
        headers: { authorization: `Bearer ${key}` },
      });
      if (key === b.stationKey) {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(a.marker);
      } else {
        expect(response.statusCode).toBe(401);
      }
    }
  });

  it('an agent key of station B does not open station A', async () => {
    const response = await app.inject({
      url: '/agent/v1/session',
      headers: { 'x-station-id': a.slug, authorization: `Bearer ${b.apiKey}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain(b.marker);
    const own = await app.inject({
      url: '/agent/v1/session',
      headers: { 'x-station-id': b.slug, authorization: `Bearer ${b.apiKey}` },
    });
    expect(own.statusCode).toBe(200);
  });
});
