// Caps on verification texts through the API (decision 0019): a cooldown and a daily count per
// number, an hourly count per station and for the service; subscriber joins, signup and
// password-reset codes all count, and a refused request takes no place in any cap.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, type TConfig } from '../../config.js';
import { outboxMessages, passwordResetTokens, users } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const base = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }).rateLimits;
const rateLimits: TConfig['rateLimits'] = {
  ...base,
  codeTexts: { numberCooldownMs: 30_000, perNumberPerDay: 3, perStationPerHour: 4, perHour: 8 },
};
let clock = new Date('2026-11-22T12:00:00Z').getTime();
const advance = (ms: number) => {
  clock += ms;
};
const { app, db } = await createTestApp({ config: { rateLimits }, now: () => new Date(clock) });
await createStationWithAdmin(db, { slug: 'harbor' });
await createStationWithAdmin(db, { slug: 'cove' });
const pump = await createStationWithAdmin(db, { slug: 'pump' });

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

  it('stops every kind of code text at the service-wide cap, signup and password reset too', async () => {
    // Eight texts went out this hour (3 + 4 + 1): the cap.
    const signup = await (await visitor()).post('/api/register/start', {
      email: 'owner@newfm.test',
      password: 'correct horse',
      phone_number: nextPhone(),
      admin_full_name: 'Maria Lopez',
      billing_email: 'billing@newfm.test',
      station_name: 'New FM',
      display_name: 'New Community Radio',
      brand_color: '#AA3300',
      supported_languages: ['en'],
      privacy_policy_url: 'https://newfm.test/privacy',
      terms_url: 'https://newfm.test/terms',
      message_types: [],
    });
    expect(signup.statusCode).toBe(429);
    // The hour began with the first text, 93 seconds of test time ago.
    expect(signup.json().error).toBe(REFUSED.service('58 minutes'));
    expect(signup.headers['retry-after']).toBe(String(3600 - 93));
    expect(signup.json().rate_limit).toBe('code_service');

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
    const reset = await (await visitor()).post('/auth/password-reset/verify', { token });
    expect(reset.statusCode).toBe(429);
    expect(reset.json().error).toBe(REFUSED.service('58 minutes'));
    expect(await textsTo(user?.phoneNumber as string)).toHaveLength(0);

    advance(3_600_000);
    const later = await (await visitor()).post('/auth/password-reset/verify', { token });
    expect(later.statusCode).toBe(200);
    expect(await textsTo(user?.phoneNumber as string)).toHaveLength(1);
  });
});
