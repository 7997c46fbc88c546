// Twilio errors never stop a sending lane (decision 0051): every shape of failure Twilio (or a
// gateway before it) can answer, thrown at a send and at the lookup of a dead node's texts, ends
// in the state machine's documented outcome, and is logged through the server's own serializers
// without throwing. The real Twilio client talks to the loopback fake; the lookup window runs on a
// clock the test moves.
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { smsDeliveries, smsRefunds, smsSends } from '../../db/schema/index.js';
import { SAFE_LOG_SERIALIZERS } from '../../platform/log-safety.js';
import { createTwilioSmsProvider } from '../../providers/sms/twilio.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeTwilio, type TFakeTwilioReply } from '../../test/fake-twilio.js';
import {
  DEFAULT_DISPATCH,
  dispatchLane,
  LOOKUP_MAX_WAIT_MS,
  recoverInFlight,
  type TDispatchDeps,
  type TLookupClock,
} from './dispatcher.js';

const fake = await startFakeTwilio();
afterAll(() => fake.close());
const { db } = await createTestApp({ seed: false });
const { station } = await createStationWithAdmin(db, { slug: 'kvendor' });
const [send] = await db
  .insert(smsSends)
  .values({
    stationId: station.id,
    messageTitle: 'Flood',
    messageType: 'emergency',
    recipients: 1,
    credits: 1,
  })
  .returning();

const twilioConfig = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'vendor-errors-token',
  fromNumber: '+15005550006',
  statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status',
  apiBaseUrl: fake.url,
};
const sms = createTwilioSmsProvider(twilioConfig);
/** For answers that never come: a client that gives up after a second. */
const impatient = createTwilioSmsProvider(twilioConfig, { timeoutMs: 1000 });

/** The server's logger as it is built (pino with the safe serializers), writing to `lines`. */
const lines: string[] = [];
const log = Fastify({
  logger: {
    level: 'info',
    serializers: SAFE_LOG_SERIALIZERS as never,
    stream: { write: (line: string) => lines.push(line) },
  },
}).log;

/** A clock that moves only when recovery waits: the lookup window passes at once. */
function jumpingClock(): TLookupClock & { at: number } {
  const clock = {
    at: 0,
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.at += Math.max(1, ms);
    },
  };
  return clock;
}

let lanes = 0;
let phones = 0;
/** A delivery on a lane of its own: queued, or submitting by a node that died. */
async function delivery(status: 'queued' | 'submitting', lane = `vendor-${++lanes}`) {
  const phone = `+1212555${(1000 + ++phones).toString()}`;
  const at = new Date();
  const [row] = await db
    .insert(smsDeliveries)
    .values({
      stationId: station.id,
      sendId: send?.id as string,
      phone,
      language: 'en',
      body: `KVENDOR: flood warning for ${phone}`,
      segments: 1,
      notBefore: at,
      status,
      lane,
      priority: 0,
      ...(status === 'submitting' ? { claimedBy: 'a-node-that-died', submittedAt: at, attempts: 1 } : {}),
    })
    .returning();
  return row as typeof smsDeliveries.$inferSelect;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(smsDeliveries).where(eq(smsDeliveries.id, id));
  return row as typeof smsDeliveries.$inferSelect;
}

function deps(lane: string, extra: Partial<TDispatchDeps> = {}): TDispatchDeps {
  return {
    db,
    sms,
    now: () => new Date(),
    config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
    lane,
    log,
    lookupClock: jumpingClock(),
    ...extra,
  };
}

/** Every log line is whole JSON with a text message for each error it carries. */
function expectLogsWhole() {
  for (const line of lines) {
    const parsed = JSON.parse(line) as { err?: { message?: unknown } };
    if (parsed.err) expect(typeof parsed.err.message).toBe('string');
  }
}

const sentTo = (phone: string) => fake.messages.filter((m) => m.to === phone).length;

beforeEach(() => {
  lines.length = 0;
  fake.reply({ kind: 'ok' });
  fake.replyPer(null);
  fake.listReply(null);
});

describe('a send that fails, whatever Twilio answers', () => {
  it.each<[string, TFakeTwilioReply, 'failed' | 'queued', RegExp]>([
    [
      "Twilio's JSON error, permanent",
      { kind: 'error', status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
      'failed',
      /21614/,
    ],
    [
      'JSON without a message, a permanent code',
      { kind: 'json', status: 400, body: { code: 21211, status: 400 } },
      'failed',
      /21211.*without a message/,
    ],
    [
      'JSON without a message or code (500)',
      { kind: 'json', status: 500, body: { status: 500 } },
      'queued',
      /HTTP 500 with a JSON body without a message/,
    ],
    [
      'JSON without a message or code (400)',
      { kind: 'json', status: 400, body: {} },
      'queued',
      /without a message/,
    ],
    [
      'JSON that is not an object',
      { kind: 'json', status: 500, body: 'oops' },
      'queued',
      /HTTP 500 with a body that is not JSON/,
    ],
    ["a gateway's HTML 502", { kind: 'html' }, 'queued', /HTTP 502 with an HTML page/],
    ['an empty 500', { kind: 'empty' }, 'queued', /HTTP 500 with an empty body/],
    ['429 with Retry-After', { kind: 'throttled', retryAfter: 7 }, 'queued', /20429/],
    ['503', { kind: 'unavailable' }, 'queued', /20503/],
  ])(
    '%s: the row ends as classified, with a readable reason, and nothing throws',
    async (_name, reply, status, reason) => {
      const row = await delivery('queued');
      fake.reply(reply);
      const result = await dispatchLane(deps(row.lane));
      const after = await rowOf(row.id);
      expect(after.status).toBe(status);
      expect(after.error).toMatch(reason);
      expect(result).toMatchObject({ sent: 0, failed: status === 'failed' ? 1 : 0 });
      if (status === 'queued') {
        // A transient failure: tried again after the backoff.
        expect(after.attempts).toBe(1);
        expect(after.notBefore.getTime()).toBeGreaterThan(Date.now());
      } else {
        expect(await db.select().from(smsRefunds).where(eq(smsRefunds.deliveryId, row.id))).toHaveLength(1);
      }
      expectLogsWhole();
    },
  );

  it.each<[string, TFakeTwilioReply]>([
    ['no answer (a timeout)', { kind: 'hang' }],
    ['a cut connection', { kind: 'reset' }],
  ])('%s leaves the text in doubt; the next run looks it up and sends it once', async (_name, reply) => {
    const row = await delivery('queued');
    fake.reply(reply);
    await dispatchLane(deps(row.lane, { sms: impatient }));
    expect(await rowOf(row.id)).toMatchObject({ status: 'submitting', attempts: 1 });
    expect(sentTo(row.phone)).toBe(0);
    // Twilio answers again: the lookup finds nothing, so the text goes (once).
    fake.reply({ kind: 'ok' });
    const lists = fake.listRequests();
    const next = await dispatchLane(deps(row.lane));
    expect(fake.listRequests()).toBe(lists + 1);
    expect(next).toMatchObject({ sent: 1, recovered: { confirmed: 0, requeued: 1, resent: 0 } });
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', reclaimed: 0 });
    expect(sentTo(row.phone)).toBe(1);
    expectLogsWhole();
  });

  it('at the last attempt, a send in doubt fails (refunded) instead of going round again', async () => {
    const row = await delivery('queued');
    await db
      .update(smsDeliveries)
      .set({ attempts: DEFAULT_DISPATCH.maxAttempts - 1 })
      .where(eq(smsDeliveries.id, row.id));
    fake.reply({ kind: 'reset' });
    await dispatchLane(deps(row.lane));
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', attempts: DEFAULT_DISPATCH.maxAttempts });
    expect(await db.select().from(smsRefunds).where(eq(smsRefunds.deliveryId, row.id))).toHaveLength(1);
  });

  it('a send Twilio took whose answer was lost is found by the lookup, not sent twice', async () => {
    const row = await delivery('queued');
    // Twilio has the text; its answer comes after the client gave up.
    fake.reply({ kind: 'ok', delayMs: 3000 });
    await dispatchLane(deps(row.lane, { sms: impatient }));
    expect(await rowOf(row.id)).toMatchObject({ status: 'submitting' });
    fake.reply({ kind: 'ok' });
    const next = await dispatchLane(deps(row.lane));
    expect(next.recovered).toEqual({ confirmed: 1, requeued: 0, resent: 0 });
    const after = await rowOf(row.id);
    expect(after.status).toBe('sent');
    expect(after.providerMessageId).toBe(fake.messages.find((m) => m.to === row.phone)?.sid);
    expect(sentTo(row.phone)).toBe(1);
  });
});

describe("looking up a dead node's texts, whatever Twilio answers", () => {
  it.each<[string, TFakeTwilioReply, number?]>([
    ['JSON without a message', { kind: 'json', status: 500, body: { code: 20500, status: 500 } }],
    ["a gateway's HTML 502", { kind: 'html' }],
    ['an empty 500', { kind: 'empty' }],
    ['503, again and again', { kind: 'unavailable' }],
    ['429, again and again', { kind: 'throttled', retryAfter: 1 }],
    ['no answer (timeouts)', { kind: 'hang' }, 1500],
    ['a cut connection', { kind: 'reset' }],
  ])('%s: asked again within the window, then sent again and counted', async (_name, reply, windowMs) => {
    const row = await delivery('submitting');
    fake.listReply(reply);
    const clock = jumpingClock();
    const asked: number[] = [];
    const provider = reply.kind === 'hang' ? impatient : sms;
    const counting: TSmsProvider = {
      ...provider,
      lookup: (messages, from) => {
        asked.push(clock.now());
        return provider.lookup?.(messages, from) as Promise<(string | null)[]>;
      },
    };
    const window = windowMs ?? 30_000;
    const counts = await recoverInFlight(
      deps(row.lane, {
        sms: counting,
        lookupClock: clock,
        config: { ...DEFAULT_DISPATCH, lookupWindowMs: window },
      }),
      'the-next-holder',
    );
    expect(counts).toEqual({ confirmed: 0, requeued: 0, resent: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'queued', reclaimed: 1, claimedBy: null });
    // Asked more than once, the last time at the end of the window and not after.
    expect(asked.length).toBeGreaterThan(2);
    expect(asked.at(-1)).toBe(window);
    expect(lines.some((l) => l.includes('SMS provider could not say what it received'))).toBe(true);
    expectLogsWhole();
  });

  it('429 with Retry-After, then an answer: waits as asked and finds the text (no second one)', async () => {
    const row = await delivery('submitting');
    const accepted = await sms.send({ to: row.phone, body: row.body });
    const clock = jumpingClock();
    const asked: number[] = [];
    fake.listReply(() => {
      asked.push(clock.now());
      return asked.length === 1 ? { kind: 'throttled', retryAfter: 3 } : null;
    });
    const counts = await recoverInFlight(deps(row.lane, { lookupClock: clock }), 'the-next-holder');
    expect(asked).toHaveLength(2);
    expect((asked[1] as number) - (asked[0] as number)).toBe(3000);
    expect(counts).toEqual({ confirmed: 1, requeued: 0, resent: 0 });
    expect(await rowOf(row.id)).toMatchObject({
      status: 'sent',
      providerMessageId: accepted.providerMessageId,
    });
    expect(sentTo(row.phone)).toBe(1);
  });

  it('a Retry-After longer than recovery waits (503 asking for an hour) is cut short, and honoured as a date', async () => {
    const row = await delivery('submitting');
    const clock = jumpingClock();
    const asked: number[] = [];
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    fake.listReply(() => {
      asked.push(clock.now());
      if (asked.length === 1) return { kind: 'unavailable', retryAfter: 3600 };
      if (asked.length === 2) return { kind: 'empty', status: 503, retryAfter: inAMinute };
      return null;
    });
    const counts = await recoverInFlight(deps(row.lane, { lookupClock: clock }), 'the-next-holder');
    expect(asked[1]).toBe(LOOKUP_MAX_WAIT_MS);
    expect((asked[2] as number) - (asked[1] as number)).toBe(LOOKUP_MAX_WAIT_MS);
    expect(counts).toEqual({ confirmed: 0, requeued: 1, resent: 0 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'queued', reclaimed: 0 });
  });

  it('an error asking again cannot mend (Twilio refuses the query) ends the asking at once', async () => {
    const row = await delivery('submitting');
    fake.listReply({
      kind: 'error',
      status: 404,
      code: 20404,
      message: 'The requested resource was not found',
    });
    const lists = fake.listRequests();
    const counts = await recoverInFlight(deps(row.lane), 'the-next-holder');
    expect(fake.listRequests()).toBe(lists + 1);
    expect(counts).toEqual({ confirmed: 0, requeued: 0, resent: 1 });
  });

  it('a window of 0 asks once; errors that are not errors and a logger that throws change nothing', async () => {
    const lane = `vendor-${++lanes}`;
    const rows = [
      await delivery('submitting', lane),
      await delivery('submitting', lane),
      await delivery('submitting', lane),
    ];
    const thrown: unknown[] = [undefined, null, Object.assign(new Error('x'), { message: undefined })];
    let calls = 0;
    const odd: TSmsProvider = {
      ...sms,
      lookup: async () => {
        calls += 1;
        throw thrown[(calls - 1) % thrown.length];
      },
    };
    const counts = await recoverInFlight(
      deps(lane, {
        sms: odd,
        config: { ...DEFAULT_DISPATCH, lookupWindowMs: 0 },
        log: {
          error() {
            throw new Error('the logger broke');
          },
        },
      }),
      'the-next-holder',
    );
    expect(calls).toBe(3);
    expect(counts).toEqual({ confirmed: 0, requeued: 0, resent: 3 });
    for (const row of rows) expect(await rowOf(row.id)).toMatchObject({ status: 'queued', reclaimed: 1 });
  });
});

describe('the lane keeps sending while recovery waits for Twilio', () => {
  it("a new emergency's text leaves while a dead node's text is still being asked about", async () => {
    const lane = `vendor-${++lanes}`;
    const crashed = await delivery('submitting', lane);
    fake.listReply({ kind: 'unavailable' });
    // Recovery's waits hold until the test lets them go: the new text must not wait for them.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let at = 0;
    const clock: TLookupClock = {
      now: () => at,
      sleep: async (ms) => {
        await released;
        at += ms;
      },
    };
    const running = dispatchLane(deps(lane, { lookupClock: clock }));
    const fresh = await delivery('queued', lane);
    await expect.poll(() => sentTo(fresh.phone), { timeout: 20_000, interval: 50 }).toBe(1);
    expect(await rowOf(crashed.id)).toMatchObject({ status: 'submitting' });
    expect(sentTo(crashed.phone)).toBe(0);
    // Twilio stays unanswerable for the whole window: the crashed text goes again, counted.
    release();
    const result = await running;
    expect(result.recovered).toEqual({ confirmed: 0, requeued: 0, resent: 1 });
    expect(result.sent).toBe(2);
    expect(await rowOf(crashed.id)).toMatchObject({ status: 'sent', reclaimed: 1 });
    expect(sentTo(crashed.phone)).toBe(1);
    expect(lines.some((l) => l.includes('possible duplicates'))).toBe(true);
  });
});
