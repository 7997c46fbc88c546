// A signup flood no longer stops other stations' joins (decision 0054), with real processes: the
// built server (two nodes on one PostgreSQL, one on PGlite) texting through the real Twilio client
// to a loopback fake. The attacker sends anonymous signups from hundreds of addresses, first
// without the bot check, then solving it for each; then a subscriber joins another station and
// gets the code. The signup budget is 20 here (60 by default) and the proof of work lighter, to
// keep the run short; the share per address is the default 3.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../../test/server-process.js';
import { onPostgres, prepareStations, solveServerBotCheck } from '../../test/station-nodes.js';

const SIGNUP_BUDGET = 20;
const PER_ADDRESS = 3;

const fake = await startFakeTwilio();
afterAll(() => fake.close());
afterEach(stopServerProcesses);

const twilioEnv = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: 'flood-test-token',
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: fake.url,
  // Each request names its address (X-Forwarded-For), as behind the load balancer.
  TRUST_PROXY: 'true',
  CODES_SIGNUP_PER_HOUR: String(SIGNUP_BUDGET),
  ALTCHA_MAX_NUMBER: '10000',
};

let phoneCounter = 1000;
const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;
const address = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function signupBody(n: number, turnstileToken?: string) {
  return {
    ...(turnstileToken ? { turnstileToken } : {}),
    email: `owner${n}@flood.test`,
    password: 'correct horse',
    phone_number: nextPhone(),
    admin_full_name: 'Flood Bot',
    billing_email: `billing${n}@flood.test`,
    station_name: `Flood ${n}`,
    display_name: `Flood ${n}`,
    privacy_policy_url: 'https://flood.test/privacy',
    terms_url: 'https://flood.test/terms',
  };
}

/** Runs `task` for 0..count-1, `width` at a time. */
async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>) {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, k) => task(start + k));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe('a signup flood', () => {
  it('is stopped by the bot check and its own budget, and a join at another station still gets its code', async () => {
    const stations = await prepareStations(['harbor']);
    try {
      const env = { ...stations.env, ...twilioEnv };
      const nodes = onPostgres
        ? await Promise.all([startServerProcess(env), startServerProcess(env)])
        : [await startServerProcess(env)];
      const nodeFor = (i: number) => nodes[i % nodes.length]?.url as string;
      const attackers = nodes.map((node) => new HttpSession(node.url));
      for (const attacker of attackers) await attacker.request('GET', '/auth/session');
      const attackerFor = (i: number) => attackers[i % attackers.length] as HttpSession;
      const post = (i: number, body: unknown, ip = address(i)) =>
        attackerFor(i).request('POST', '/api/register/start', body, { 'x-forwarded-for': ip });

      // 219 anonymous signups from 219 addresses without the bot check: no text at all.
      const unchecked = await inBatches(219, 30, (i) => post(i, signupBody(i)));
      expect(new Set(unchecked.map((r) => r.status))).toEqual(new Set([400]));
      expect(unchecked[0]?.json().error).toBe('Please complete the CAPTCHA verification');
      expect(fake.messages).toHaveLength(0);

      // Solving the check for each: one address gets its share, then every address together
      // gets the signup budget, and no more.
      const solvedFrom = async (i: number, ip: string) => {
        const token = await solveServerBotCheck(nodeFor(i), { 'x-forwarded-for': ip });
        return post(i, signupBody(1000 + i, token), ip);
      };
      const oneAddress = [];
      for (let i = 0; i < PER_ADDRESS + 2; i++) oneAddress.push(await solvedFrom(i, '198.19.0.1'));
      expect(oneAddress.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(oneAddress[3]?.json().rate_limit).toBe('code_signup_address');

      const many = await inBatches(SIGNUP_BUDGET + 10, 4, (i) => solvedFrom(i, address(500 + i)));
      const refused = many.filter((r) => r.status === 429);
      expect(many.filter((r) => r.status === 200)).toHaveLength(SIGNUP_BUDGET - PER_ADDRESS);
      expect(refused).toHaveLength(PER_ADDRESS + 10);
      for (const response of refused) {
        expect(response.json()).toMatchObject({
          rate_limit: 'code_signup',
          error: expect.stringMatching(
            /^Too many new stations are signing up right now\. Please try again in/,
          ),
        });
      }
      expect(fake.messages).toHaveLength(SIGNUP_BUDGET);

      // A subscriber of another station, on the last node: joined, texted, confirmed.
      const joinerPhone = nextPhone();
      const joiner = new HttpSession(nodes[nodes.length - 1]?.url as string);
      await joiner.request('GET', '/auth/session');
      const joined = await joiner.request(
        'POST',
        '/subscribe/harbor/register',
        {
          phone: joinerPhone,
          message_types: [{ message_type: 'emergency', language: 'en' }],
          consent_given: true,
        },
        { 'x-forwarded-for': '203.0.113.77' },
      );
      expect(joined.status, joined.text).toBe(200);
      const text = fake.messages.find((m) => m.to === joinerPhone);
      const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1];
      expect(code, text?.body).toBeDefined();
      const confirmed = await joiner.request(
        'POST',
        '/subscribe/harbor/verify',
        { contact_id: joined.json().contact_id, verification_code: code },
        { 'x-forwarded-for': '203.0.113.77' },
      );
      expect(confirmed.status, confirmed.text).toBe(200);
    } finally {
      await stopServerProcesses();
      await stations.close();
    }
  }, 600_000);
});
