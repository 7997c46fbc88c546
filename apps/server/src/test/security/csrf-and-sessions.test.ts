// Generated from the OpenAPI document: every route is documented (or allow-listed with a reason),
// every state-changing operation refuses a request without its CSRF token (webhooks: without
// their signature), and every station or agent operation refuses a caller without a session or key.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsContacts, stations } from '../../db/schema/index.js';
import {
  documentedOperations,
  LIVE_STREAMS,
  registeredRoutes,
  STATE_CHANGING,
  sampleOf,
  type TOperation,
  UNDOCUMENTED_ROUTES,
  urlOf,
} from './operations.js';
import {
  bodyIds,
  createSecurityWorld,
  isPublicApiOperation,
  isSuperadminOperation,
  pathValues,
  REQUIRED_QUERY,
  type TSecurityWorld,
} from './world.js';

const CSRF_REFUSAL = 'Invalid or missing CSRF token. Reload the page and try again.';
/** Callers that send no cookies and prove themselves with the vendor's signature instead. */
const isWebhook = (operation: TOperation) => operation.path.startsWith('/webhooks/');
/** Station pages' API (session cookie), the desktop agent's (API key) and the public API v1 (station key). */
const needsCaller = (operation: TOperation) =>
  operation.path.startsWith('/admin/api/') ||
  operation.path.startsWith('/agent/') ||
  isPublicApiOperation(operation);

type TClient = Awaited<ReturnType<TSecurityWorld['visitor']>>;

/** The client's request with its cookies but without its CSRF header (or with `token` in both). */
function injectWithout(
  app: TSecurityWorld['app'],
  client: TClient,
  request: { method: TOperation['method']; url: string; body: unknown },
  token?: string,
) {
  const jar = new Map(client.jar);
  if (token !== undefined) jar.set('csrf_token', token);
  return app.inject({
    method: request.method,
    url: request.url,
    payload: request.body as never,
    headers: {
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(token !== undefined ? { 'x-csrf-token': token } : {}),
    },
  });
}

describe('the OpenAPI document, CSRF and sessions', async () => {
  const world = await createSecurityWorld();
  const { app, a } = world;
  const operations = await documentedOperations(app);
  const writes = operations.filter((operation) => STATE_CHANGING.has(operation.method));

  /** The request a signed-in admin of station A would make, minus who makes it. */
  const requestOf = (operation: TOperation) => ({
    method: operation.method,
    url: urlOf(operation, pathValues(operation, a), REQUIRED_QUERY[operation.key]),
    body: operation.body ? sampleOf(operation.body, bodyIds(a)) : undefined,
  });

  it('documents every registered route, or the allow-list says why not', () => {
    const documented = new Set(operations.map((operation) => operation.key));
    const registered = registeredRoutes(app);
    const missing = registered.filter((route) => !documented.has(route) && !(route in UNDOCUMENTED_ROUTES));
    expect(missing).toEqual([]);
    // The route tree was read whole: it holds every documented operation too.
    expect(registered).toEqual(expect.arrayContaining([...documented]));
    expect(operations.length).toBeGreaterThan(60);
  });

  it('documents only routes that exist, and allow-lists only real routes', () => {
    const toFastify = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
    const absent = [
      ...operations.map((operation) => operation.key),
      ...Object.keys(UNDOCUMENTED_ROUTES),
    ].filter((key) => {
      const [method = '', path = ''] = key.split(' ');
      return !app.hasRoute({ method: method as 'GET', url: toFastify(path) });
    });
    expect(absent).toEqual([]);
    for (const stream of LIVE_STREAMS) expect(operations.map((operation) => operation.key)).toContain(stream);
  });

  describe('a state-changing request without the CSRF header answers 403', () => {
    it.each(
      writes
        .filter((operation) => !isWebhook(operation) && !isPublicApiOperation(operation))
        .map((operation) => [operation.key, operation]),
    )('%s', async (_key, operation) => {
      const signedIn = await world.signedIn(
        isSuperadminOperation(operation) ? world.superadminId : a.adminId,
      );
      const visitor = await world.visitor();
      for (const client of [signedIn, visitor]) {
        const response = await injectWithout(app, client, requestOf(operation));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: CSRF_REFUSAL });
      }
      // Nor with the token of another browser (cookie and header alike): each is bound to its session.
      const other = (await world.signedIn(a.adminId)).jar.get('csrf_token') ?? '';
      const response = await injectWithout(app, signedIn, requestOf(operation), other);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: CSRF_REFUSAL });
    });
  });

  /** What a vendor's event would change: every station (credits, plan) and A's contacts. */
  const vendorVisibleRows = async () => ({
    stations: await world.db.select().from(stations).orderBy(stations.id),
    contacts: await world.db.select().from(smsContacts).where(eq(smsContacts.stationId, a.stationId)),
  });
  /** Events that would matter if accepted: A's subscriber texting STOP, credits paid to A. */
  const forgedEvent = (operation: TOperation) =>
    operation.path.startsWith('/webhooks/sms/')
      ? {
          payload: new URLSearchParams({
            MessageSid: 'SM0000000000000000000000000000000a',
            MessageStatus: 'delivered',
            From: a.contactPhone,
            To: '+12125550100',
            Body: 'STOP',
          }).toString(),
          contentType: 'application/x-www-form-urlencoded',
          forged: { 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
        }
      : {
          payload: JSON.stringify({
            id: 'evt_forged',
            type: 'checkout.session.completed',
            created: Math.floor(Date.now() / 1000),
            data: { object: { id: 'cs_forged', client_reference_id: a.stationId, amount_total: 100_000 } },
          }),
          contentType: 'application/json',
          forged: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        };

  describe('a webhook (exempt from CSRF) without a valid signature answers 4xx and changes nothing', () => {
    it.each(writes.filter(isWebhook).map((operation) => [operation.key, operation]))(
      '%s',
      async (_key, operation) => {
        expect(operation.key).toMatch(/^POST \/webhooks\/(sms\/(inbound|status)|stripe)$/);
        const event = forgedEvent(operation);
        const before = await vendorVisibleRows();
        for (const signature of [{}, event.forged]) {
          const response = await app.inject({
            method: operation.method,
            url: operation.path,
            payload: event.payload,
            headers: { 'content-type': event.contentType, ...signature },
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(typeof response.json().error).toBe('string');
        }
        expect(await vendorVisibleRows()).toEqual(before);
      },
    );
  });

  // A bearer key is no ambient credential a page could send on the user's behalf: no CSRF token.
  // Nor does a browser's session open the public API: only a station key does.
  describe('the public API v1 (exempt from CSRF) answers 401 to a signed-in browser without a station key', () => {
    it.each(operations.filter(isPublicApiOperation).map((operation) => [operation.key, operation]))(
      '%s',
      async (_key, operation) => {
        const signedIn = await world.signedIn(a.adminId);
        const response = await signedIn.request(requestOf(operation));
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer realm=/);
      },
    );
  });

  describe('without a session (or API key) a station operation answers 401', () => {
    it.each(operations.filter(needsCaller).map((operation) => [operation.key, operation]))(
      '%s',
      async (_key, operation) => {
        // A visitor holds the anonymous CSRF token, so the session is what is missing.
        const visitor = await world.visitor();
        const response = await visitor.request(requestOf(operation));
        expect(response.statusCode).toBe(401);
        expect(typeof response.json().error).toBe('string');
      },
    );
  });
});
