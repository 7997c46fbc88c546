// Playwright fixtures: each journey that changes a station gets a station (and users) of its own,
// made through the real HTTP API the way the signup wizard and the Users page make them, so no
// journey depends on what another left behind and any one of them passes when run alone.
//
//   test('…', async ({ page, station, user, login }) => { await login(station.admin); … });
//
// `station` is a new station in its free trial (50 credits, SMS off unless `stationOptions` says
// otherwise), with a signed-up admin; `user` is a standard user of that station who accepted an
// invitation, `secondAdmin` an admin who did (two-person approval needs two, decision 0077);
// `login(account)` signs an account into the page's browser context through the API.
// Nothing is deleted afterwards: every run starts a fresh database and every name is unique.
import { type APIRequestContext, test as base, expect, request, type TestInfo } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';

export { expect } from '@playwright/test';

export type TAccount = {
  email: string;
  password: string;
  fullName: string;
  /** Ten digits, as a person types them (e.g. 4155570012). */
  phoneDigits: string;
};

export type TStation = {
  /** The Station ID (slug): join page /join/{id}, logo /api/stations/{id}/logo. */
  id: string;
  /** The name as registered (read-only in Settings). */
  name: string;
  /** The name subscribers see (top bar, join page, SMS prefix). */
  displayName: string;
  languages: string[];
  admin: TAccount;
};

export type TStationUser = TAccount & { role: 'user' };
export type TStationAdmin = TAccount & { role: 'admin' };

export type TStationOptions = {
  /** The station's languages, English first as the wizard's defaults put it. */
  languages: string[];
  /** Turned on in Settings after signup (a new station starts with SMS off). */
  smsEnabled: boolean;
};

type TFixtures = {
  stationOptions: TStationOptions;
  station: TStation;
  user: TStationUser;
  secondAdmin: TStationAdmin;
  login: (account: Pick<TAccount, 'email' | 'password'>) => Promise<void>;
};

let made = 0;
let clients = 0;
let browsers = 0;

/**
 * What no other fixture of this run shares: a token for names (time, worker, a per-worker count)
 * and a phone number's last four digits (worker and count).
 */
function unique(testInfo: TestInfo): { token: string; last4: string } {
  made += 1;
  return {
    token: `${Date.now().toString(36)}${testInfo.workerIndex}${made}`,
    last4: String((testInfo.workerIndex * 1000 + made) % 10_000).padStart(4, '0'),
  };
}

/**
 * An API client of its own (cookies, CSRF). Each comes from an address of its own (the server
 * trusts X-Forwarded-For in e2e, TRUST_PROXY in playwright.config.ts), so the per-address limits
 * on signups and invitation links count per fixture, not for the whole run on one address.
 */
async function openApi(baseURL: string, testInfo: TestInfo): Promise<APIRequestContext> {
  clients += 1;
  const address = `10.${(testInfo.workerIndex % 250) + 1}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  // The session check hands out the CSRF cookie (a 401 while signed out).
  await api.get('/auth/session');
  return api;
}

/** Solves the server's ALTCHA challenge as the signup wizard's widget does (decision 0054). */
async function solveBotCheck(api: APIRequestContext): Promise<string> {
  const challenge = (await (await api.get('/api/altcha/challenge')).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const { algorithm, salt, signature, maxnumber } = challenge;
  const solution = await solveChallenge(challenge.challenge, salt, algorithm, maxnumber).promise;
  expect(solution, 'the ALTCHA challenge is solved').toBeTruthy();
  const payload = { algorithm, challenge: challenge.challenge, number: solution?.number, salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function csrfHeader(api: APIRequestContext) {
  const token = (await api.storageState()).cookies.find((cookie) => cookie.name === 'csrf_token')?.value;
  return { 'x-csrf-token': token ?? '' };
}

/** A state-changing call that must succeed; answers its JSON. */
async function send<T>(
  api: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: object,
): Promise<T> {
  const response = await api[method](url, { headers: await csrfHeader(api), data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

async function signInApi(api: APIRequestContext, account: Pick<TAccount, 'email' | 'password'>) {
  const user = await send<{ twoFactorRequired?: boolean }>(api, 'post', '/auth/login', {
    email: account.email,
    password: account.password,
  });
  expect(user.twoFactorRequired, `${account.email} has two-factor on`).toBeUndefined();
}

/**
 * Signs up a station as the wizard does: POST /api/register/start with the six steps' answers,
 * then /api/register/verify with the code the test-mode server answers (DEV_TOOLS). Then, if
 * asked, turns SMS on through the Settings API.
 */
export async function createStation(
  baseURL: string,
  options: TStationOptions,
  testInfo: TestInfo,
): Promise<TStation> {
  const { token, last4 } = unique(testInfo);
  const api = await openApi(baseURL, testInfo);
  try {
    // Admins' phones are 415-557-xxxx, users' 415-558-xxxx: no journey types numbers there.
    const admin: TAccount = {
      email: `admin-${token}@e2e.test`,
      password: `station-pass-${token}`,
      fullName: 'Avery Admin',
      phoneDigits: `415557${last4}`,
    };
    const name = `E2E ${token}`;
    const displayName = `E2E Radio ${token}`;
    const started = await send<{ registration_id: string; test_code?: string }>(
      api,
      'post',
      '/api/register/start',
      {
        turnstileToken: await solveBotCheck(api),
        email: admin.email,
        password: admin.password,
        phone_number: admin.phoneDigits,
        admin_full_name: admin.fullName,
        billing_email: admin.email,
        station_name: name,
        display_name: displayName,
        supported_languages: options.languages,
        privacy_policy_url: `${baseURL}/privacy`,
        terms_url: `${baseURL}/terms`,
        language: 'en',
      },
    );
    expect(started.test_code, 'the test-mode server answers the code (DEV_TOOLS)').toMatch(/^\d{6}$/);
    await send(api, 'post', '/api/register/verify', {
      registration_id: started.registration_id,
      verification_code: started.test_code,
    });
    const settings = (await (await api.get('/admin/api/station/settings')).json()) as {
      slug: string;
      display_name: string;
      brand_color: string;
      primary_language: string;
      privacy_policy_url: string;
      terms_url: string;
      supported_languages: string[];
      sms_enabled: boolean;
      signup_enabled: boolean;
    };
    if (options.smsEnabled) {
      await send(api, 'put', '/admin/api/station/settings', {
        display_name: settings.display_name,
        brand_color: settings.brand_color,
        primary_language: settings.primary_language,
        privacy_policy_url: settings.privacy_policy_url,
        terms_url: settings.terms_url,
        supported_languages: settings.supported_languages,
        sms_enabled: true,
        signup_enabled: settings.signup_enabled,
      });
    }
    return { id: settings.slug, name, displayName, languages: options.languages, admin };
  } finally {
    await api.dispose();
  }
}

/**
 * Adds a user (standard unless `role` says admin) as the Users page does: the admin invites
 * (POST /admin/api/users), the invitee takes the link from the dev outbox and accepts it with a
 * password.
 */
export async function addUser<R extends 'user' | 'admin' = 'user'>(
  baseURL: string,
  station: TStation,
  testInfo: TestInfo,
  role: R = 'user' as R,
): Promise<TAccount & { role: R }> {
  const { token, last4 } = unique(testInfo);
  const user = {
    email: `${role}-${token}@e2e.test`,
    password: `${role}-pass-${token}`,
    fullName: role === 'admin' ? 'Robin Second' : 'Sam Staff',
    // Admins' phones are 415-557-xxxx, users' 415-558-xxxx, second admins' 415-559-xxxx.
    phoneDigits: `${role === 'admin' ? '415559' : '415558'}${last4}`,
    role,
  };
  const admin = await openApi(baseURL, testInfo);
  try {
    await signInApi(admin, station.admin);
    await send(admin, 'post', '/admin/api/users', {
      full_name: user.fullName,
      email: user.email,
      phone_number: user.phoneDigits,
      role: user.role,
    });
  } finally {
    await admin.dispose();
  }
  const invitee = await openApi(baseURL, testInfo);
  try {
    const outbox = (await (await invitee.get('/dev/api/outbox?limit=500')).json()) as {
      to: string;
      body: string;
    }[];
    const link = outbox
      .filter((message) => message.to === user.email)
      .map((message) => /\/accept-invitation\?token=([\w%-]+)/.exec(message.body)?.[1])
      .find(Boolean);
    expect(link, `no invitation link for ${user.email} in the dev outbox`).toBeTruthy();
    await send(invitee, 'post', '/auth/invitations/accept', {
      token: decodeURIComponent(link as string),
      password: user.password,
      full_name: user.fullName,
    });
  } finally {
    await invitee.dispose();
  }
  return user;
}

export const test = base.extend<TFixtures>({
  stationOptions: [{ languages: ['en', 'es', 'zh'], smsEnabled: false }, { option: true }],

  // Each test's browser comes from an address of its own too, as a visitor's would: the
  // per-address limits (20 joins an hour) count per test, not for the whole run, whichever
  // journeys happen to run together.
  context: async ({ context }, use, testInfo) => {
    browsers += 1;
    const address = `192.168.${(testInfo.workerIndex % 250) + 1}.${(browsers % 250) + 1}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    await use(context);
  },

  station: async ({ baseURL, stationOptions }, use, testInfo) => {
    await use(await createStation(baseURL as string, stationOptions, testInfo));
  },

  user: async ({ baseURL, station }, use, testInfo) => {
    await use(await addUser(baseURL as string, station, testInfo));
  },

  secondAdmin: async ({ baseURL, station }, use, testInfo) => {
    await use(await addUser(baseURL as string, station, testInfo, 'admin'));
  },

  // The page's context shares its cookies with page.request: signing in there signs the page in.
  login: async ({ page }, use) => {
    await use(async (account) => {
      await page.request.get('/auth/session');
      const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
      const response = await page.request.post('/auth/login', {
        headers: { 'x-csrf-token': token ?? '' },
        data: { email: account.email, password: account.password },
      });
      expect(response.ok(), `sign-in of ${account.email}: ${await response.text()}`).toBe(true);
    });
  },
});
