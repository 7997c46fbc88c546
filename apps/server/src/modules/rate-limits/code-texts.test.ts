// Caps on verification texts through the API (decisions 0019, 0054): a cooldown and a daily count
// per number; station codes per station, each station's share its own and the rest from a pool;
// signup codes from their own budget, per address and in all, behind the bot check. A refused
// request takes no place in any cap, and no flood of one kind stops another station's joins.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, type TConfig } from '../../config.js';
import { outboxMessages, passwordResetTokens, users } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const loaded = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true', ALTCHA_MAX_NUMBER: '5000' });
const base = loaded.rateLimits;
const rateLimits: TConfig['rateLimits'] = {
  ...base,
  codeTexts: {
    numberCooldownMs: 30_000,
    perNumberPerDay: 3,
    perStationPerHour: 4,
    stationSharePerHour: 2,
    perHour: 4,
    signupPerHour: 3,
    signupPerAddressPerHour: 1,
  },
};
let clock = new Date('2026-11-22T12:00:00Z').getTime();
const advance = (ms: number) => {
  clock += ms;
};
// A light proof of work: these tests solve several.
const { app, db } = await createTestApp({
  config: { rateLimits, botCheck: loaded.botCheck },
  now: () => new Date(clock),
});
await createStationWithAdmin(db, { slug: 'harbor' });
await createStationWithAdmin(db, { slug: 'cove' });
const pump = await createStationWithAdmin(db, { slug: 'pump' });
await createStationWithAdmin(db, { slug: 'flood1' });
await createStationWithAdmin(db, { slug: 'flood2' });
await createStationWithAdmin(db, { slug: 'quiet' });

let nextAddress = 1;
async function visitor(ip = `10.3.0.${nextAddress++}`) {
  const client = new TestClient(app, ip);
  await client.get('/auth/session');
  return client;
}
let phoneCounter = 2000;
const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;

async function join(slug: string, phone: string, client?: TestClient) {
  return (client ?? (await visitor())).post(`/subscribe/${slug}/register`, {
    phone,
    message_types: [{ message_type: 'emergency', language: 'en' }],
    consent_given: true,
  });
}

const textsTo = (phone: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.to, phone)));

const REFUSED = {
  cooldown: 'Please wait 30 seconds before requesting a new code.',
  number: 'Too many codes were sent to this number. Please try again in 24 hours.',
  station: (wait: string) =>
    `This station has sent too many verification codes. Please try again in ${wait}.`,
  service: (wait: string) => `Too many verification codes are being sent. Please try again in ${wait}.`,
};

describe('verification text caps', () => {
  const phone = nextPhone();

  it('gives a number one code per cooldown, whichever station asks', async () => {
    expect((await join('demo', phone)).statusCode).toBe(200);
    const refused = await join('harbor', phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(REFUSED.cooldown);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      rate_limit: 'code_cooldown',
      retry_after_seconds: 30,
    });
    expect(await textsTo(phone)).toHaveLength(1);

    advance(31_000);
    expect((await join('harbor', phone)).statusCode).toBe(200);
    expect(await textsTo(phone)).toHaveLength(2);
  });

  it('sends a number at most its daily count', async () => {
    advance(31_000);
    expect((await join('cove', phone)).statusCode).toBe(200);
    advance(31_000);
    const refused = await join('demo', phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(REFUSED.number);
    expect(refused.json().rate_limit).toBe('code_number');
    expect(await textsTo(phone)).toHaveLength(3);
  });

  it('sends a station no more than its hourly cap, however many addresses ask (SMS pumping)', async () => {
    const addresses = Array.from({ length: 15 }, (_, i) => `203.0.113.${i + 1}`);
    const statuses: number[] = [];
    const refusedNumbers: string[] = [];
    for (let i = 0; i < 75; i++) {
      const number = nextPhone();
      const response = await join('pump', number, await visitor(addresses[i % addresses.length]));
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({
          error: REFUSED.station('1 hour'),
          rate_limit: 'code_station',
        });
        refusedNumbers.push(number);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(71);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.stationId, pump.station.id));
    expect(sent).toHaveLength(4);

    // A refused join took no place in the number's caps: it can join elsewhere at once.
    expect((await join('harbor', refusedNumbers[0] as string)).statusCode).toBe(200);
  });

  it('takes a station’s codes past its share from the pool; a full pool leaves every station its share', async () => {
    // pump took 2 from the pool (4 sent, a share of 2): flood1 takes the other 2.
    for (let i = 0; i < 4; i++) expect((await join('flood1', nextPhone())).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await join('flood2', nextPhone())).statusCode).toBe(200);
    const refused = await join('flood2', nextPhone());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ rate_limit: 'code_service', error: REFUSED.service('1 hour') });
    // cove sent 1 of its share, quiet none: both still send.
    expect((await join('cove', nextPhone())).statusCode).toBe(200);
    const quietPhone = nextPhone();
    expect((await join('quiet', quietPhone)).statusCode).toBe(200);
    expect(await textsTo(quietPhone)).toHaveLength(1);
  });

  it('texts a signup code only past the bot check, from a budget no join draws from', async () => {
    const signup = async (client: TestClient, withCheck = true) => {
      const n = phoneCounter;
      return client.post('/api/register/start', {
        ...(withCheck ? { turnstileToken: await solveBotCheck(app) } : {}),
        email: `owner${n}@newfm.test`,
        password: 'correct horse',
        phone_number: nextPhone(),
        admin_full_name: 'Maria Lopez',
        billing_email: `billing${n}@newfm.test`,
        station_name: `New FM ${n}`,
        display_name: 'New Community Radio',
        privacy_policy_url: 'https://newfm.test/privacy',
        terms_url: 'https://newfm.test/terms',
      });
    };
    const bot = await signup(await visitor(), false);
    expect(bot.statusCode).toBe(400);
    expect(bot.json().error).toBe('Please complete the CAPTCHA verification');

    const one = await visitor('203.0.113.200');
    const first = await signup(one);
    expect(first.statusCode, first.body).toBe(200);
    const sameAddress = await signup(one);
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json()).toMatchObject({
      rate_limit: 'code_signup_address',
      error: 'Too many signups were started from your network. Please try again in 1 hour.',
    });
    for (let i = 0; i < 2; i++) expect((await signup(await visitor())).statusCode).toBe(200);
    const full = await signup(await visitor());
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({
      rate_limit: 'code_signup',
      error: 'Too many new stations are signing up right now. Please try again in 1 hour.',
    });

    // Joins and resets never waited for the signup budget, nor signups for the full join pool.
    const quietPhone = nextPhone();
    expect((await join('quiet', quietPhone)).statusCode).toBe(200);
    expect(await textsTo(quietPhone)).toHaveLength(1);
    const [user] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const token = randomBytes(24).toString('hex');
    await db.insert(passwordResetTokens).values({
      userId: user?.id as string,
      tokenHash: sha256(token),
      expiresAt: new Date(clock + 3 * 3_600_000),
      requestedBy: null,
      ip: '10.3.9.9',
      createdAt: new Date(clock),
    });
    expect((await (await visitor()).post('/auth/password-reset/verify', { token })).statusCode).toBe(200);
    expect(await textsTo(user?.phoneNumber as string)).toHaveLength(1);

    advance(3_600_000);
    expect((await signup(await visitor())).statusCode).toBe(200);
  });
});
