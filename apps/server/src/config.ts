// Every environment variable the server reads, parsed once. Documented in .env.example.
import path from 'node:path';
import { APP_VERSION, WEBHOOK_TIMEOUT_MS } from '@message-station/shared';
import { z } from 'zod';
import { defaultWebDist, repoRoot } from './paths.js';

/** Committed, so used only with DEV_TOOLS=true outside production (decision 0018). */
const DEV_SESSION_SECRET = 'dev-only-insecure-session-secret-change-me';
/** Seals the API keys stations enter, in development only (DEV_TOOLS=true, decision 0033). */
const DEV_STATION_KEYS_SECRET = 'dev-only-insecure-station-keys-secret-change-me';

export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
/**
 * What a node does: `api` serves HTTP, SSE and agent sockets and only queues work; `worker` runs
 * the jobs, SMS dispatch and schedules (and answers /healthz, /readyz, /metrics); `all` does both.
 */
export type TServerRole = (typeof SERVER_ROLES)[number];

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZEnv = z.object({
  // Production unless said otherwise: a forgotten NODE_ENV gets every production check (0018).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DEV_TOOLS: booleanFromEnv.default(false),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromEnv.optional(),
  DATABASE_URL: z.string().optional(),
  ROLE: z.enum(SERVER_ROLES, 'choose all, api or worker').default('all'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  COOKIE_SECURE: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  REDIS_URL: z.string().startsWith('redis', 'REDIS_URL starts with redis:// or rediss://').optional(),
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().positive().default(30),
  LOGIN_NEW_DEVICE_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_DELAY_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_MAX_DELAY_MINUTES: z.coerce.number().int().positive().default(60),
  CODE_NUMBER_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(30),
  CODES_PER_NUMBER_PER_DAY: z.coerce.number().int().positive().default(10),
  CODES_PER_STATION_PER_HOUR: z.coerce.number().int().positive().default(30),
  CODES_STATION_SHARE_PER_HOUR: z.coerce.number().int().min(0).default(10),
  CODES_PER_HOUR: z.coerce.number().int().positive().default(300),
  CODES_SIGNUP_PER_HOUR: z.coerce.number().int().positive().default(60),
  CODES_SIGNUP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(3),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  WEB_DIST_DIR: z.string().optional(),
  WEB_SSR_DIR: z.string().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).optional(),
  SMS_TEST_MODE: booleanFromEnv.optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_STATUS_CALLBACK_URL: z.url().optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  SMS_RATE_PER_SECOND: z.coerce.number().min(0).max(1000).optional(),
  SMS_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  SMS_LOOKUP_WINDOW_SECONDS: z.coerce.number().min(0).max(300).default(30),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(14),
  TRIAL_CREDITS: z.coerce.number().int().min(0).default(50),
  TRANSLATION_PROVIDERS: z.string().optional(),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  TRANSLATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  TRANSLATION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
  LIBRETRANSLATE_URL: z.url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: z.url().optional(),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional(),
  GOOGLE_TRANSLATE_API_URL: z.url().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  APERTIUM_APY_URL: z.url().optional(),
  STATION_KEYS_SECRET: z.string().min(32, 'STATION_KEYS_SECRET must be at least 32 characters').optional(),
  STATION_ENGINES_PRIVATE_URLS: booleanFromEnv.optional(),
  WEBHOOKS_ALLOW_HTTP: booleanFromEnv.optional(),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: booleanFromEnv.optional(),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30_000).default(WEBHOOK_TIMEOUT_MS),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_')
    .optional(),
  STRIPE_SUBSCRIPTION_URL: z.url().optional(),
  STRIPE_CREDITS_URL: z.url().optional(),
  STRIPE_PORTAL_URL: z.url().optional(),
  STRIPE_TEST_MODE: booleanFromEnv.optional(),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Message Station <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().optional(),
  ALTCHA_HMAC_KEY: z.string().min(16, 'ALTCHA_HMAC_KEY must be at least 16 characters').optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  RELEASES_DIR: z.string().optional(),
  ESPEAK_NG_PATH: z.string().default('espeak-ng'),
  LAME_PATH: z.string().default('lame'),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SPEECH_PROVIDERS: z.string().optional(),
  GOOGLE_TTS_API_KEY: z.string().optional(),
  GOOGLE_TTS_API_URL: z.url().optional(),
  OPENAI_TTS_BASE_URL: z.url().optional(),
  OPENAI_TTS_API_KEY: z.string().optional(),
  OPENAI_TTS_MODEL: z.string().default('tts-1'),
  OPENAI_TTS_VOICES: z.string().default('alloy,nova,echo,fable,onyx,shimmer'),
  NWS_API_URL: z.url().default('https://api.weather.gov'),
  NWS_USER_AGENT: z.string().trim().min(1).optional(),
  // NWS asks clients not to poll faster than about every 30 seconds: the default is that floor, so
  // an emergency waits half as long to be seen (decisions 0047, 0058).
  NWS_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(30, 'NWS_POLL_SECONDS is at least 30 (NWS asks not to poll faster)')
    .max(3600)
    .default(30),
  NWS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  role: TServerRole;
  /**
   * /metrics: with a token, only to `Authorization: Bearer <token>`; without one, open outside
   * production and absent (404) in production.
   */
  metricsToken: string | null;
  /**
   * DEV_TOOLS=true outside production: the dev outbox pages and API, the inbound SMS simulator,
   * the test checkout, test codes in replies and the committed dev secrets. Off otherwise.
   */
  devTools: boolean;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  logPretty: boolean;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: 'auto' | 'true' | 'false';
  sessionSecret: string;
  /** Reads may use a session this node looked up this long ago (SESSION_CACHE_MS; 0 in tests). */
  sessionCacheMs: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  rateLimits: TRateLimitConfig;
  webDistDir: string;
  /** The renderer of the subscriber pages and their template (decision 0044); beside the web dist. */
  webSsrDir: string;
  sms: TSmsConfig;
  trial: { days: number; credits: number };
  translation: TTranslationConfig;
  billing: TBillingConfig;
  email: TEmailConfig;
  botCheck: TBotCheckConfig;
  /** Where contact-form requests are emailed. */
  supportEmail: string;
  /** Desktop agent releases, one folder per version (scripts/build-agent-release.mjs). */
  releasesDir: string;
  speech: TSpeechConfig;
  webhooks: TWebhooksConfig;
  weather: TWeatherConfig;
};

/** National Weather Service alerts (issue 23, docs/weather-alerts.md). */
export type TWeatherConfig = {
  /** Where the NWS API is (NWS_API_URL); tests point it at a loopback fake. */
  apiUrl: string;
  /** Sent with every request, as NWS asks: the application and a contact (NWS_USER_AGENT). */
  userAgent: string;
  /** How often the workers check the stations' zones (NWS_POLL_SECONDS, at least 30). */
  pollSeconds: number;
  timeoutMs: number;
};

export const SPEECH_PROVIDER_NAMES = ['google', 'openai', 'espeak'] as const;
export type TSpeechProviderName = (typeof SPEECH_PROVIDER_NAMES)[number];

/**
 * Server-side speech for audio downloads and "Listen" (decision 0034): cloud voices in the order
 * of SPEECH_PROVIDERS, espeak-ng offline; lame converts between WAV and MP3.
 */
export type TSpeechConfig = {
  /** Engines in the order their voices are offered and tried. */
  providers: TSpeechProviderName[];
  /** Google Cloud Text-to-Speech; apiUrl only for tests and private endpoints. */
  google?: { apiKey: string; apiUrl?: string };
  /** An OpenAI-compatible `/audio/speech` (OpenAI, or a local server) and the voices it has. */
  openai?: { baseUrl: string; apiKey?: string; model: string; voices: string[] };
  /** The espeak-ng command (a name looked up on PATH, or a full path). */
  espeakPath: string;
  /** The lame command, for MP3. */
  lamePath: string;
  /** One render (speech or encoding) is killed after this long. */
  timeoutMs: number;
};

export type TBotCheckConfig =
  | { provider: 'altcha'; hmacKey: string; maxNumber: number }
  | { provider: 'turnstile'; siteKey: string; secretKey: string; verifyUrl: string };

export type TBillingConfig = {
  /** Verifies Stripe-Signature on /webhooks/stripe; without it the webhook answers 503. */
  webhookSecret: string | undefined;
  /**
   * Payment Link bases (subscription, credit pack): Stripe's addresses, or the dev checkout's path
   * on this site; null when Stripe is not set up.
   */
  subscriptionUrl: string | null;
  creditsUrl: string | null;
  /** Customer portal login link, for paid stations to change plan or card. */
  portalUrl: string | null;
  testMode: boolean;
  /**
   * Development without Stripe: the links lead to /dev/checkout, which signs a test event with
   * the dev webhook secret and runs it through the real webhook.
   */
  devCheckout: boolean;
};

export type TEmailConfig = {
  provider: 'outbox' | 'smtp';
  /** smtp://user:pass@host:port (or smtps://); required for the smtp provider. */
  smtpUrl?: string;
  from: string;
};

/** Signs the dev checkout's test events; never accepted in production. */
export const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_dev_only_message_station_test_events';

export type TSmsConfig = {
  provider: 'outbox' | 'twilio';
  /** Replies that send a code also carry it (test_code). On with the outbox unless turned off. */
  testMode: boolean;
  /**
   * Messages per second per station (decision 0012): 1 for an unregistered or low-volume 10DLC
   * long code, about 3 for toll-free, up to 100 for a short code. 0 turns pacing off.
   */
  ratePerSecond: number;
  /**
   * How long the sending lane's lease lasts without renewal (decision 0016): the holder renews it
   * every third of this; a node that died is taken over this long after its last renewal.
   */
  leaseMs: number;
  /**
   * How long recovery keeps asking Twilio about texts a dead node left in flight before sending
   * them again (decision 0051). Only Twilio's lookups can fail; absent: 30 s.
   */
  lookupWindowMs?: number;
  twilio?: {
    accountSid: string;
    authToken: string;
    fromNumber?: string;
    messagingServiceSid?: string;
    statusCallbackUrl: string;
    /** Only for tests and Twilio edge locations: where the REST API lives. */
    apiBaseUrl?: string;
  };
};

export const TRANSLATION_PROVIDER_NAMES = [
  'apertium',
  'libretranslate',
  'deepl',
  'google',
  'openai',
  'none',
] as const;
export type TTranslationProviderName = (typeof TRANSLATION_PROVIDER_NAMES)[number];

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export type TTranslationConfig = {
  /** Engines in the order they are tried. */
  providers: TTranslationProviderName[];
  /** TRANSLATION_PROVIDERS was set; otherwise the chain is the vendors with keys, then apertium. */
  providersSet: boolean;
  timeoutMs: number;
  /** Translations run at once per worker node (TRANSLATION_CONCURRENCY, default 4). */
  concurrency: number;
  /** Before the first retry of a transient failure, doubling after (TRANSLATION_RETRY_DELAY_SECONDS, 2). */
  retryDelaySeconds: number;
  libretranslate?: { url: string; apiKey?: string };
  /** apiUrl: only to override the host chosen from the key (free keys end in ':fx'). */
  deepl?: { apiKey: string; apiUrl?: string };
  google?: { apiKey: string; apiUrl?: string };
  openai?: { baseUrl: string; apiKey?: string; model: string };
  /** With apyUrl an Apertium APY server is used, otherwise the local `apertium` command. */
  apertium: { apyUrl?: string };
  /** The engines stations add in Settings → Translation (decision 0033). */
  station: TStationEnginesConfig;
};

/** Outbound webhooks (issue 23): where stations' endpoints may be, and how long a call may take. */
export type TWebhooksConfig = TWebhookAddressConfig & {
  /**
   * How long one POST may take (WEBHOOKS_TIMEOUT_MS, default 10 s). A claimed delivery is leased
   * for six times this: a delivery whose node died mid-call is taken over after that.
   */
  timeoutMs: number;
};

/** Which endpoint addresses are allowed. */
export type TWebhookAddressConfig = {
  /** http:// URLs too (WEBHOOKS_ALLOW_HTTP; off in production unless set). */
  allowHttp: boolean;
  /**
   * Hosts that are or resolve to loopback, private or link-local addresses (a receiver on the same
   * machine in development and tests). WEBHOOKS_ALLOW_PRIVATE_HOSTS; never on by default in production.
   */
  allowPrivateHosts: boolean;
};

export type TStationEnginesConfig = {
  /** Seals their API keys (AES-256-GCM; STATION_KEYS_SECRET). */
  keysSecret: string;
  /**
   * Whether a station's engine may be at a loopback or private address (a model server in the
   * station's building on a one-station server). Off in production unless the operator allows it.
   */
  privateUrls: boolean;
  /** Where DeepL and Google are, for stations' keys too (DEEPL_API_URL, GOOGLE_TRANSLATE_API_URL). */
  deeplApiUrl?: string;
  googleApiUrl?: string;
};

/** Limits counted in the store every node shares (decision 0019). */
export type TRateLimitConfig = {
  /** Redis instead of the rate_limits table. */
  redisUrl: string | undefined;
  /**
   * Sign-in attempts that may fail, reserved before the password is checked (decision 0054): per
   * account from one address or one known device, per address, and per account from every
   * unknown device together; then a wait that doubles.
   */
  signIn: {
    accountFailures: number;
    addressFailures: number;
    newDeviceFailures: number;
    delayMs: number;
    maxDelayMs: number;
  };
  /**
   * Verification texts (decision 0054): per number (cooldown, per day); station codes (joins,
   * password resets) per station per hour, each station's first `stationSharePerHour` its own and
   * the rest from a pool of `perHour` for all stations; signup codes from their own budget,
   * `signupPerHour` in all and `signupPerAddressPerHour` per address.
   */
  codeTexts: {
    numberCooldownMs: number;
    perNumberPerDay: number;
    perStationPerHour: number;
    stationSharePerHour: number;
    perHour: number;
    signupPerHour: number;
    signupPerAddressPerHour: number;
  };
  /** Requests per API key (the desktop agent's connection and session check) per minute. */
  apiKeyPerMinute: number;
};

export class ConfigError extends Error {}

function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The command line's settings as environment variables: `--role api|worker|all` (or `--role=…`)
 * sets ROLE. Anything else is refused, so a typo never starts a node doing the wrong work.
 */
export function envFromArgs(args: string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (flag !== '--role') {
      throw new ConfigError(`Unknown option ${arg}: the server takes --role api|worker|all`);
    }
    const value = inline ?? args[++i];
    if (!value || !(SERVER_ROLES as readonly string[]).includes(value)) {
      throw new ConfigError(`--role: choose all, api or worker${value ? ` (not "${value}")` : ''}`);
    }
    out.ROLE = value;
  }
  return out;
}

/** Only where the database is, for `npm run db:migrate|db:seed`: they need no secrets. */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(ZEnv.pick({ DATABASE_URL: true, DATA_DIR: true, PORT: true, PUBLIC_URL: true }), env);
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const e = parseEnv(ZEnv, env);
  const production = e.NODE_ENV === 'production';
  const devTools = e.DEV_TOOLS && !production;
  // Every missing or refused setting, named together so one restart fixes them all.
  const problems: string[] = [];
  if (production && e.DEV_TOOLS) {
    problems.push('DEV_TOOLS: never in production (outbox pages, test codes, test checkout, dev secrets)');
  }
  if (!e.SESSION_SECRET && !devTools) {
    problems.push(
      production
        ? 'SESSION_SECRET: required in production (32+ random characters)'
        : 'SESSION_SECRET: required (32+ random characters); only DEV_TOOLS=true falls back to a dev secret',
    );
  }
  if (production && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required in production (links in texts and emails, Twilio signatures)');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    problems.push(
      `ROLE: ${e.ROLE} nodes share one PostgreSQL database with the other nodes; set DATABASE_URL (the embedded database opens in one process only)`,
    );
  }
  const sessionSecret = e.SESSION_SECRET ?? DEV_SESSION_SECRET;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const modes = { production, devTools, problems };
  const sms = smsConfig(e, modes, publicUrl);
  const email = emailConfig(e, modes);
  const billing = billingConfig(e, modes);
  const translation = translationConfig(e, modes);
  const speech = speechConfig(e, problems);
  const webDistDir = e.WEB_DIST_DIR ? path.resolve(repoRoot, e.WEB_DIST_DIR) : defaultWebDist;
  if (problems.length) {
    const hint = env.NODE_ENV
      ? ''
      : '\n(NODE_ENV is unset, so this is a production start. On a development machine run `npm start`,' +
        ' which sets NODE_ENV=development and DEV_TOOLS=true.)';
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}${hint}`);
  }
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN ?? null,
    devTools,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (!production && Boolean(process.stdout.isTTY)),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    seedDemo: e.SEED_DEMO,
    sessionSecret,
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 2000),
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY,
    rateLimits: rateLimitConfig(e),
    webDistDir,
    webSsrDir: e.WEB_SSR_DIR
      ? path.resolve(repoRoot, e.WEB_SSR_DIR)
      : path.join(path.dirname(webDistDir), 'dist-ssr'),
    sms,
    trial: { days: e.TRIAL_DAYS, credits: e.TRIAL_CREDITS },
    translation,
    billing,
    email,
    botCheck:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? {
            provider: 'turnstile',
            siteKey: e.TURNSTILE_SITE_KEY,
            secretKey: e.TURNSTILE_SECRET_KEY,
            verifyUrl: e.TURNSTILE_VERIFY_URL,
          }
        : {
            provider: 'altcha',
            // Derived from the session secret unless set: one secret less to manage.
            hmacKey: e.ALTCHA_HMAC_KEY ?? `altcha:${sessionSecret}`,
            maxNumber: e.ALTCHA_MAX_NUMBER,
          },
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    releasesDir: path.resolve(repoRoot, e.RELEASES_DIR ?? 'releases'),
    speech,
    weather: {
      apiUrl: e.NWS_API_URL.replace(/\/$/, ''),
      // NWS identifies callers by an application name and a contact; never sent empty.
      userAgent:
        e.NWS_USER_AGENT ??
        `MessageStation/${APP_VERSION} (${publicUrl}, ${e.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`})`,
      pollSeconds: e.NWS_POLL_SECONDS,
      timeoutMs: e.NWS_TIMEOUT_MS,
    },
    webhooks: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP ?? !production,
      allowPrivateHosts: e.WEBHOOKS_ALLOW_PRIVATE_HOSTS ?? !production,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
    },
  };
}

/** What the parts of the configuration need to know, and where they add what is wrong. */
type TModes = { production: boolean; devTools: boolean; problems: string[] };

function billingConfig(e: z.infer<typeof ZEnv>, modes: TModes): TBillingConfig {
  const { production, devTools, problems } = modes;
  const configured = Boolean(e.STRIPE_SUBSCRIPTION_URL || e.STRIPE_CREDITS_URL);
  if (production && configured && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when Stripe Payment Links are set in production');
  }
  const devCheckout = devTools && !configured;
  // The dev checkout is a page of this site: a path, which the billing page reads against the
  // address the person is using (PUBLIC_URL defaults to localhost, wrong from any other machine).
  return {
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? (devCheckout ? DEV_STRIPE_WEBHOOK_SECRET : undefined),
    subscriptionUrl: e.STRIPE_SUBSCRIPTION_URL ?? (devCheckout ? '/dev/checkout?kind=subscription' : null),
    creditsUrl: e.STRIPE_CREDITS_URL ?? (devCheckout ? '/dev/checkout?kind=credits' : null),
    portalUrl: e.STRIPE_PORTAL_URL ?? null,
    testMode: e.STRIPE_TEST_MODE ?? !production,
    devCheckout,
  };
}

function emailConfig(e: z.infer<typeof ZEnv>, { production, problems }: TModes): TEmailConfig {
  // Production sends real email unless told otherwise (and then refuses the outbox).
  const provider = e.EMAIL_PROVIDER ?? (production ? 'smtp' : 'outbox');
  if (provider === 'outbox') {
    if (production) {
      problems.push('EMAIL_PROVIDER: the dev outbox never sends a real email; choose smtp in production');
    }
    return { provider: 'outbox', from: e.EMAIL_FROM };
  }
  if (!e.SMTP_URL) problems.push('SMTP_URL: required with EMAIL_PROVIDER=smtp');
  return { provider: 'smtp', smtpUrl: e.SMTP_URL, from: e.EMAIL_FROM };
}

function translationConfig(e: z.infer<typeof ZEnv>, modes: TModes): TTranslationConfig {
  const { production, devTools, problems } = modes;
  // The committed fallback only on a developer's machine (DEV_TOOLS or NODE_ENV=development).
  if (!e.STATION_KEYS_SECRET && !devTools && e.NODE_ENV !== 'development') {
    problems.push(
      production
        ? "STATION_KEYS_SECRET: required in production (32+ random characters; seals the stations' engine keys)"
        : 'STATION_KEYS_SECRET: required (32+ random characters); only DEV_TOOLS=true or NODE_ENV=development fall back to a dev secret',
    );
  }
  const listed = e.TRANSLATION_PROVIDERS?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = listed?.filter((name) => !(TRANSLATION_PROVIDER_NAMES as readonly string[]).includes(name));
  if (unknown?.length) {
    problems.push(
      `TRANSLATION_PROVIDERS: unknown provider ${unknown.map((n) => `"${n}"`).join(', ')} (choose from ${TRANSLATION_PROVIDER_NAMES.join(', ')})`,
    );
  }
  // Unset: every vendor whose key is present, best first, then the offline engine.
  const derived: TTranslationProviderName[] = [
    ...(e.DEEPL_API_KEY ? (['deepl'] as const) : []),
    ...(e.GOOGLE_TRANSLATE_API_KEY ? (['google'] as const) : []),
    ...(e.OPENAI_MODEL ? (['openai'] as const) : []),
    ...(e.LIBRETRANSLATE_URL ? (['libretranslate'] as const) : []),
    'apertium',
  ];
  const providers = listed?.length ? [...new Set(listed as TTranslationProviderName[])] : derived;
  const needs: Partial<Record<TTranslationProviderName, string | undefined>> = {
    libretranslate: e.LIBRETRANSLATE_URL ? undefined : 'LIBRETRANSLATE_URL',
    deepl: e.DEEPL_API_KEY ? undefined : 'DEEPL_API_KEY',
    google: e.GOOGLE_TRANSLATE_API_KEY ? undefined : 'GOOGLE_TRANSLATE_API_KEY',
    openai: !e.OPENAI_MODEL
      ? 'OPENAI_MODEL'
      : !e.OPENAI_BASE_URL && !e.OPENAI_API_KEY
        ? 'OPENAI_API_KEY (or OPENAI_BASE_URL for a local model server)'
        : undefined,
  };
  for (const name of providers) {
    if (needs[name]) problems.push(`TRANSLATION_PROVIDERS=${name} needs ${needs[name]}`);
  }
  const uses = (name: TTranslationProviderName) => providers.includes(name);
  return {
    providers,
    providersSet: Boolean(listed?.length),
    timeoutMs: e.TRANSLATION_TIMEOUT_MS,
    concurrency: e.TRANSLATION_CONCURRENCY,
    retryDelaySeconds: e.TRANSLATION_RETRY_DELAY_SECONDS,
    ...(uses('libretranslate') && e.LIBRETRANSLATE_URL
      ? { libretranslate: { url: e.LIBRETRANSLATE_URL, apiKey: e.LIBRETRANSLATE_API_KEY } }
      : {}),
    ...(uses('deepl') && e.DEEPL_API_KEY
      ? { deepl: { apiKey: e.DEEPL_API_KEY, apiUrl: e.DEEPL_API_URL } }
      : {}),
    ...(uses('google') && e.GOOGLE_TRANSLATE_API_KEY
      ? { google: { apiKey: e.GOOGLE_TRANSLATE_API_KEY, apiUrl: e.GOOGLE_TRANSLATE_API_URL } }
      : {}),
    ...(uses('openai') && e.OPENAI_MODEL
      ? {
          openai: {
            baseUrl: e.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL,
            apiKey: e.OPENAI_API_KEY,
            model: e.OPENAI_MODEL,
          },
        }
      : {}),
    apertium: { apyUrl: e.APERTIUM_APY_URL },
    station: {
      keysSecret: e.STATION_KEYS_SECRET ?? DEV_STATION_KEYS_SECRET,
      privateUrls: e.STATION_ENGINES_PRIVATE_URLS ?? !production,
      deeplApiUrl: e.DEEPL_API_URL,
      googleApiUrl: e.GOOGLE_TRANSLATE_API_URL,
    },
  };
}

function speechConfig(e: z.infer<typeof ZEnv>, problems: string[]): TSpeechConfig {
  const listed = e.SPEECH_PROVIDERS?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = listed?.filter((name) => !(SPEECH_PROVIDER_NAMES as readonly string[]).includes(name));
  if (unknown?.length) {
    problems.push(
      `SPEECH_PROVIDERS: unknown provider ${unknown.map((n) => `"${n}"`).join(', ')} (choose from ${SPEECH_PROVIDER_NAMES.join(', ')})`,
    );
  }
  // Unset: every cloud voice whose setting is present, then the offline espeak-ng.
  const openaiSet = Boolean(e.OPENAI_TTS_API_KEY || e.OPENAI_TTS_BASE_URL);
  const derived: TSpeechProviderName[] = [
    ...(e.GOOGLE_TTS_API_KEY ? (['google'] as const) : []),
    ...(openaiSet ? (['openai'] as const) : []),
    'espeak',
  ];
  const providers = listed?.length ? [...new Set(listed as TSpeechProviderName[])] : derived;
  if (providers.includes('google') && !e.GOOGLE_TTS_API_KEY) {
    problems.push('SPEECH_PROVIDERS=google needs GOOGLE_TTS_API_KEY');
  }
  if (providers.includes('openai') && !openaiSet) {
    problems.push(
      'SPEECH_PROVIDERS=openai needs OPENAI_TTS_API_KEY (or OPENAI_TTS_BASE_URL for a local server)',
    );
  }
  const voices = e.OPENAI_TTS_VOICES.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    providers,
    espeakPath: e.ESPEAK_NG_PATH,
    lamePath: e.LAME_PATH,
    timeoutMs: e.SPEECH_TIMEOUT_MS,
    ...(providers.includes('google') && e.GOOGLE_TTS_API_KEY
      ? { google: { apiKey: e.GOOGLE_TTS_API_KEY, apiUrl: e.GOOGLE_TTS_API_URL } }
      : {}),
    ...(providers.includes('openai') && openaiSet
      ? {
          openai: {
            baseUrl: e.OPENAI_TTS_BASE_URL ?? OPENAI_DEFAULT_BASE_URL,
            apiKey: e.OPENAI_TTS_API_KEY,
            model: e.OPENAI_TTS_MODEL,
            voices,
          },
        }
      : {}),
  };
}

function smsConfig(e: z.infer<typeof ZEnv>, modes: TModes, publicUrl: string): TSmsConfig {
  const { production, devTools, problems } = modes;
  // Production texts for real unless told otherwise (and then refuses the outbox).
  const provider = e.SMS_PROVIDER ?? (production ? 'twilio' : 'outbox');
  if (e.SMS_TEST_MODE && !devTools) {
    problems.push('SMS_TEST_MODE: codes in replies need DEV_TOOLS=true, never in production');
  }
  // Codes in replies only with the dev tools: on with the outbox, with Twilio only when asked.
  const testMode = devTools && (e.SMS_TEST_MODE ?? provider === 'outbox');
  if (provider === 'outbox') {
    if (production) {
      problems.push('SMS_PROVIDER: the dev outbox never sends a real SMS; choose twilio in production');
    }
    return {
      provider: 'outbox',
      testMode,
      ratePerSecond: e.SMS_RATE_PER_SECOND ?? 20,
      leaseMs: e.SMS_LEASE_SECONDS * 1000,
    };
  }
  for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
    if (!e[key]) problems.push(`${key}: required with SMS_PROVIDER=twilio`);
  }
  if (!e.TWILIO_FROM_NUMBER && !e.TWILIO_MESSAGING_SERVICE_SID) {
    problems.push(
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: one is required with SMS_PROVIDER=twilio',
    );
  }
  return {
    provider: 'twilio',
    testMode,
    ratePerSecond: e.SMS_RATE_PER_SECOND ?? 1,
    leaseMs: e.SMS_LEASE_SECONDS * 1000,
    lookupWindowMs: e.SMS_LOOKUP_WINDOW_SECONDS * 1000,
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID as string,
      authToken: e.TWILIO_AUTH_TOKEN as string,
      fromNumber: e.TWILIO_FROM_NUMBER,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
      statusCallbackUrl: e.TWILIO_STATUS_CALLBACK_URL ?? `${publicUrl}/webhooks/sms/status`,
      apiBaseUrl: e.TWILIO_API_BASE_URL,
    },
  };
}

function rateLimitConfig(e: z.infer<typeof ZEnv>): TRateLimitConfig {
  return {
    redisUrl: e.REDIS_URL,
    signIn: {
      accountFailures: e.LOGIN_ACCOUNT_FAILURES,
      addressFailures: e.LOGIN_ADDRESS_FAILURES,
      newDeviceFailures: e.LOGIN_NEW_DEVICE_FAILURES,
      delayMs: e.LOGIN_DELAY_SECONDS * 1000,
      maxDelayMs: Math.max(e.LOGIN_MAX_DELAY_MINUTES * 60_000, e.LOGIN_DELAY_SECONDS * 1000),
    },
    codeTexts: {
      numberCooldownMs: e.CODE_NUMBER_COOLDOWN_SECONDS * 1000,
      perNumberPerDay: e.CODES_PER_NUMBER_PER_DAY,
      perStationPerHour: e.CODES_PER_STATION_PER_HOUR,
      stationSharePerHour: Math.min(e.CODES_STATION_SHARE_PER_HOUR, e.CODES_PER_STATION_PER_HOUR),
      perHour: e.CODES_PER_HOUR,
      signupPerHour: e.CODES_SIGNUP_PER_HOUR,
      signupPerAddressPerHour: e.CODES_SIGNUP_PER_ADDRESS_PER_HOUR,
    },
    apiKeyPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
  };
}
