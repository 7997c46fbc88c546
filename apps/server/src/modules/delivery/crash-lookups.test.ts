// After a crash, Twilio's errors on the lookups never stop the lane (decision 0051), proven with
// real processes: the built server sends an emergency to six people through the real Twilio
// client to the loopback fake, and is killed with SIGKILL while all six texts are with Twilio
// (three of them received there, three not). It is started again while Twilio's Messages list
// answers each of those numbers in its own way: JSON without a message, a gateway's HTML 502, a
// 429 with Retry-After then the list, a 503 every time, JSON without a message twice then the
// list, the list at once. One crash and one restart cover every shape. Meanwhile a NEW emergency
// is sent: its texts leave while the crashed ones are still being asked about. Then the crashed
// texts resolve by the rule of 0051: found → sent (no second text), not there → sent once, never
// answered within the window → sent again and counted as a possible duplicate.
import fs from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/client.js';
import { smsDeliveries } from '../../db/schema/index.js';
import { addSubscribers, crowdPhone } from '../../test/crowd.js';
import { createTestDatabase, createTestDataDir } from '../../test/db.js';
import { createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio, type TFakeTwilioReply } from '../../test/fake-twilio.js';
import { createMessage } from '../../test/messages-factory.js';
import { waitUntil } from '../../test/poll.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../../test/server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** The lookup window the restarted server keeps asking for (SMS_LOOKUP_WINDOW_SECONDS). */
const WINDOW_SECONDS = 8;

const fake = await startFakeTwilio();
afterAll(() => fake.close());
afterEach(stopServerProcesses);

/**
 * The six numbers, in subscriber order: whether Twilio received the crashed text, how its list
 * answers for that number (the first `failing` asks, or every ask), and how the text must end.
 */
const CASES: {
  received: boolean;
  list: TFakeTwilioReply;
  failing: number;
  end: 'confirmed' | 'requeued' | 'resent';
}[] = [
  {
    received: false,
    list: { kind: 'json', status: 500, body: { code: 20500, status: 500 } },
    failing: Infinity,
    end: 'resent',
  },
  { received: false, list: { kind: 'html' }, failing: Infinity, end: 'resent' },
  { received: true, list: { kind: 'throttled', retryAfter: 1 }, failing: 1, end: 'confirmed' },
  { received: true, list: { kind: 'unavailable' }, failing: Infinity, end: 'resent' },
  { received: false, list: { kind: 'json', status: 502, body: {} }, failing: 2, end: 'requeued' },
  { received: true, list: { kind: 'ok' }, failing: 0, end: 'confirmed' },
];
const PHONES = CASES.map((_, i) => crowdPhone(i));

async function prepare() {
  let database: Database & { url?: string };
  let dir: string | undefined;
  if (onPostgres) {
    database = await createTestDatabase();
  } else {
    dir = createTestDataDir('ms-crash-lookups-');
    database = await openPglite(dir);
    await database.migrate();
  }
  const { station, adminEmail } = await createStationWithAdmin(database.db, { slug: 'klookup' });
  await setBilling(database.db, station.id, { smsCreditsBalance: 1000 });
  await addSubscribers(database.db, station.id, { count: CASES.length });
  const first = await createMessage(database.db, station.id, {
    title: 'Flood',
    original: 'Flood warning: move to higher ground now.',
    type: 'emergency',
  });
  const second = await createMessage(database.db, station.id, {
    title: 'Dam',
    original: 'Dam failure: leave the valley now.',
    type: 'emergency',
  });
  if (!onPostgres) await database.close();
  afterAll(async () => {
    if (onPostgres) await database.close();
    else if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    env: (onPostgres ? { DATABASE_URL: database.url as string } : { DATA_DIR: dir as string }) as Record<
      string,
      string
    >,
    adminEmail,
    first,
    second,
    open: async () => (onPostgres ? database : await openPglite(dir)),
    done: async (db: Database) => {
      if (!onPostgres) await db.close();
    },
  };
}

/** The admin's calls: to whichever server is up, with the session signed in on the first. */
type TCall = (method: string, url: string, headers?: Record<string, string>) => Promise<Response>;

function carried(session: HttpSession, base: string): TCall {
  // Sessions live in the database: the restarted server knows this one, and no sign-in (seconds
  // of password hashing on a busy machine) stands between its start and the new emergency.
  const cookie = session.cookieHeader();
  const csrf = /(?:^|; )csrf_token=([^;]*)/.exec(cookie)?.[1] ?? '';
  return (method, url, headers = {}) =>
    fetch(`${base}${url}`, { method, headers: { cookie, 'x-csrf-token': csrf, ...headers } });
}

async function sendThrough(call: TCall, messageId: string) {
  const response = await call('POST', `/admin/api/messages/${messageId}/send-sms`, {
    'Idempotency-Key': `lookup-${messageId}`,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

type TProgress = { total: number; queued: number; sending: number; sent: number; possibleDuplicates: number };
async function progress(call: TCall, messageId: string): Promise<TProgress> {
  return (await (await call('GET', `/admin/api/messages/${messageId}/deliveries`)).json()) as TProgress;
}

describe("Twilio's errors on the lookups after a crash (real server processes)", () => {
  it('the lane sends a new emergency at once, and each crashed text ends by the rule', async () => {
    const t = await prepare();
    const env = {
      ...t.env,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000051',
      TWILIO_AUTH_TOKEN: 'lookup-test-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: fake.url,
      SMS_RATE_PER_SECOND: '0',
      SMS_LEASE_SECONDS: '2',
      SMS_LOOKUP_WINDOW_SECONDS: String(WINDOW_SECONDS),
    };

    // 1. The first emergency: Twilio takes three texts (its answers are late), never sees three.
    fake.replyPer((form) => {
      const i = PHONES.indexOf(form.To ?? '');
      return CASES[i]?.received ? { kind: 'ok', delayMs: 20_000 } : { kind: 'hang' };
    });
    const first = await startServerProcess(env);
    const admin = new HttpSession(first.url);
    await admin.login(t.adminEmail);
    await sendThrough(carried(admin, first.url), t.first.id);
    await waitUntil('all six texts to reach Twilio', () => fake.requests.length >= CASES.length);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(fake.messages).toHaveLength(CASES.filter((c) => c.received).length);

    // 2. Back up while the list answers each number in its own way; sends are answered again.
    fake.replyPer(null);
    fake.reply({ kind: 'ok' });
    const asked = new Map<string, number>();
    fake.listReply((query) => {
      const to = query.get('To') ?? '';
      const n = (asked.get(to) ?? 0) + 1;
      asked.set(to, n);
      const rule = CASES[PHONES.indexOf(to)];
      return rule && n <= rule.failing ? rule.list : null;
    });
    const second = await startServerProcess(env);
    const again = carried(admin, second.url);
    // A new emergency, sent while the crashed texts are still being asked about.
    await sendThrough(again, t.second.id);
    const firstBody = fake.messages[0]?.body;
    await waitUntil('the new emergency to reach everyone', async () => {
      const now = await progress(again, t.second.id);
      return now.total === CASES.length && now.sent === CASES.length;
    });
    // They all left while the three texts Twilio never answered for were still being asked about.
    const during = await progress(again, t.first.id);
    expect(during.sending).toBeGreaterThanOrEqual(3);

    // 3. The crashed texts settle by the rule.
    await waitUntil(
      'every crashed text to settle',
      async () => {
        const now = await progress(again, t.first.id);
        return now.total === CASES.length && now.queued === 0;
      },
      { timeoutMs: 90_000 },
    );
    const after = await progress(again, t.first.id);
    expect(after).toMatchObject({ sent: CASES.length, possibleDuplicates: 3 });
    second.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    // Nothing stopped the lane: no dispatch run failed.
    expect(second.output()).not.toContain('SMS dispatch failed');

    const db = await t.open();
    const rows = await db.db.select().from(smsDeliveries);
    for (const [i, rule] of CASES.entries()) {
      const phone = PHONES[i] as string;
      const texts = fake.messages.filter((m) => m.to === phone);
      const crashedTexts = texts.filter((m) => m.body === firstBody).length;
      const crashedRow = rows.find((r) => r.phone === phone && r.body === firstBody);
      const label = `${phone} (${rule.list.kind}, ${rule.end})`;
      expect(crashedRow?.status, label).toBe('sent');
      // The new emergency: one text each.
      expect(texts.length - crashedTexts, label).toBe(1);
      if (rule.end === 'confirmed') {
        // Found at Twilio: its id kept, no second text.
        expect({ texts: crashedTexts, reclaimed: crashedRow?.reclaimed }, label).toEqual({
          texts: 1,
          reclaimed: 0,
        });
        expect(crashedRow?.providerMessageId, label).toBe(texts.find((m) => m.body === firstBody)?.sid);
      } else if (rule.end === 'requeued') {
        // Not at Twilio: sent once, no duplicate to count.
        expect({ texts: crashedTexts, reclaimed: crashedRow?.reclaimed }, label).toEqual({
          texts: 1,
          reclaimed: 0,
        });
      } else {
        // Never answered: sent again and counted; a duplicate only where Twilio had it.
        expect({ texts: crashedTexts, reclaimed: crashedRow?.reclaimed }, label).toEqual({
          texts: rule.received ? 2 : 1,
          reclaimed: 1,
        });
      }
      // Asked again after each failed answer, until the list answered or the window ended.
      if (rule.failing === Infinity) expect(asked.get(phone), label).toBeGreaterThan(2);
      else expect(asked.get(phone), label).toBe(rule.failing + 1);
    }
    await t.done(db);
  }, 180_000);
});
