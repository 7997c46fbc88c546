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
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe(
      'production | development | test. Production (also when unset) needs SESSION_SECRET, PUBLIC_URL, STATION_KEYS_SECRET, Twilio and SMTP, refuses DEV_TOOLS and makes cookies Secure (decision 0018).',
    ),
  DEV_TOOLS: booleanFromEnv
    .default(false)
    .describe(
      'Development or test only (refused in production): the dev outbox pages, the inbound SMS simulator, the test checkout, codes in replies, the committed dev secrets and the demo logins. npm start and npm run dev set it.',
    ),
  HOST: z.string().default('localhost').describe('Interface the server listens on.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('Port the server listens on.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      'The address people use to reach the site: links in texts and emails, default privacy and terms URLs, Twilio signatures. Unset: http://localhost:$PORT; required in production.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
  LOG_PRETTY: booleanFromEnv
    .optional()
    .describe('Human-readable logs. Unset: on in a terminal outside production.'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR.'),
  ROLE: z
    .enum(SERVER_ROLES, 'choose all, api or worker')
    .default('all')
    .describe(
      'What this node does (or --role): all serves and works; api serves HTTP, SSE and agent sockets and only queues work; worker runs jobs, SMS dispatch and schedules. api and worker need DATABASE_URL.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .describe(
      'Bearer token (16+ characters) for /metrics. Unset: /metrics is open outside production and absent (404) in production.',
    ),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe('Folder of the embedded database (relative paths are from the repository root).'),
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe(
      'auto: with DEV_TOOLS, seed the demo station into a newly created embedded database; true: seed whenever it is missing (PostgreSQL too); false: never.',
    ),
  SESSION_SECRET: z
    .string()
    .min(32, 'SESSION_SECRET must be at least 32 characters')
    .optional()
    .describe(
      'Signs CSRF tokens and keys code hashes; 32+ random characters. Required unless DEV_TOOLS=true (which uses a committed dev value).',
    ),
  SESSION_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .optional()
    .describe(
      'Reads (GET) may use a session this node looked up this long ago; writes always check the database and empty the cache (decision 0030). Unset: 2000, 0 in tests.',
    ),
  COOKIE_SECURE: booleanFromEnv
    .optional()
    .describe('Secure flag on the session and CSRF cookies. Unset: true in production, false otherwise.'),
  TRUST_PROXY: booleanFromEnv
    .default(false)
    .describe('Trust X-Forwarded-For and X-Forwarded-Proto (behind a reverse proxy).'),
  REDIS_URL: z
    .string()
    .startsWith('redis', 'REDIS_URL starts with redis:// or rediss://')
    .optional()
    .describe(
      'Redis (redis:// or rediss://) for the rate-limit counters every node shares. Unset: the rate_limits table (decision 0019).',
    ),
  LOGIN_ACCOUNT_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .describe(
      'Failed sign-ins for one account from one address (or one known device) before a wait; attempts are reserved before the password is checked, so no burst checks more (decision 0054).',
    ),
  LOGIN_ADDRESS_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('Failed sign-ins from one address, across accounts, before a wait.'),
  LOGIN_NEW_DEVICE_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe(
      'Failed sign-ins for one account from all unknown devices together before a wait; known devices never wait for them.',
    ),
  LOGIN_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe(
      'The first wait after too many failed sign-ins, doubled by each further failure; a completed password reset clears the counts.',
    ),
  LOGIN_MAX_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe('The cap of the doubling sign-in wait.'),
  CODE_NUMBER_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe('Seconds between verification texts to one number.'),
  CODES_PER_NUMBER_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('Verification texts to one number per day.'),
  CODES_PER_STATION_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('Join and reset codes per station per hour.'),
  CODES_STATION_SHARE_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe("Of those, each station's own share; the rest comes from the pool of CODES_PER_HOUR."),
  CODES_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(300)
    .describe('The code pool all stations share beyond their own shares, per hour.'),
  CODES_SIGNUP_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe('Signup codes (behind the bot check) per hour in all; joins never draw on them.'),
  CODES_SIGNUP_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(3)
    .describe('Signup codes per address per hour.'),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe('Requests per desktop-agent API key per minute.'),
  WEB_DIST_DIR: z.string().optional().describe('Built web app to serve. Unset: apps/web/dist.'),
  WEB_SSR_DIR: z
    .string()
    .optional()
    .describe(
      "The build's renderer of the join and unsubscribe pages (decision 0044). Unset: dist-ssr beside WEB_DIST_DIR; without it those pages are drawn in the browser.",
    ),
  SMS_PROVIDER: z
    .enum(['outbox', 'twilio'])
    .optional()
    .describe(
      'outbox (stored, shown at /dev/outbox with DEV_TOOLS; refused in production) or twilio. Unset: twilio in production, else outbox.',
    ),
  SMS_TEST_MODE: booleanFromEnv
    .optional()
    .describe(
      'Replies that send a code also carry it as test_code; only with DEV_TOOLS. Unset: on with the outbox, off with Twilio.',
    ),
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .describe('Twilio Account SID (required with SMS_PROVIDER=twilio).'),
  TWILIO_AUTH_TOKEN: z
    .string()
    .optional()
    .describe('Twilio Auth Token (required with SMS_PROVIDER=twilio); also checks X-Twilio-Signature.'),
  TWILIO_FROM_NUMBER: z
    .string()
    .optional()
    .describe('Sending number in E.164; this or TWILIO_MESSAGING_SERVICE_SID is required with Twilio.'),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .optional()
    .describe('Send through this Messaging Service (takes precedence over TWILIO_FROM_NUMBER).'),
  TWILIO_STATUS_CALLBACK_URL: z
    .url()
    .optional()
    .describe(
      'Where Twilio posts delivery status; signatures are checked against this exact URL. Unset: $PUBLIC_URL/webhooks/sms/status.',
    ),
  TWILIO_API_BASE_URL: z
    .url()
    .optional()
    .describe(
      'Only for tests and Twilio edge locations: the REST API origin. Unset: https://api.twilio.com.',
    ),
  SMS_RATE_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(1000)
    .optional()
    .describe(
      'SMS per second from the sending number, every node and station together; 0 turns pacing off (decision 0016). Unset: 1 with Twilio, 20 with the outbox.',
    ),
  SMS_LEASE_SECONDS: z.coerce
    .number()
    .min(1)
    .max(600)
    .default(30)
    .describe(
      "Sending lane lease; renewed every third of it, and a dead node's sends are taken over within twice this.",
    ),
  SMS_LOOKUP_WINDOW_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      'After a node dies, how long the next one keeps asking Twilio (with backoff, honouring Retry-After) about texts that were in flight before re-sending them as possible duplicates; new texts keep going out meanwhile; 0 asks once (decision 0051).',
    ),
  TRIAL_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(14)
    .describe("Length of a new station's free trial (decision 0005)."),
  TRIAL_CREDITS: z.coerce
    .number()
    .int()
    .min(0)
    .default(50)
    .describe("SMS credits a new station's trial grants."),
  TRANSLATION_PROVIDERS: z
    .string()
    .optional()
    .describe(
      'Translation engines in order, comma-separated: apertium, libretranslate, deepl, google, openai, none. Unset: the vendors whose keys are set, then apertium (decision 0008).',
    ),
  TRANSLATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(20_000)
    .describe('How long one engine may take for one text.'),
  TRANSLATION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(4)
    .describe("Translations at once per worker node (a message's languages in parallel), 1 to 32."),
  TRANSLATION_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(2)
    .describe(
      'Before the first of 3 retries of a transient engine failure, doubling after; 0 retries at once.',
    ),
  LIBRETRANSLATE_URL: z
    .url()
    .optional()
    .describe('A LibreTranslate instance (enables the libretranslate engine).'),
  LIBRETRANSLATE_API_KEY: z
    .string()
    .optional()
    .describe("The LibreTranslate instance's key, if it needs one."),
  DEEPL_API_KEY: z
    .string()
    .optional()
    .describe('DeepL API key (free-plan keys end in :fx and use the free API host).'),
  DEEPL_API_URL: z
    .url()
    .optional()
    .describe('Only for tests or a proxy: the DeepL API origin. Unset: chosen from the key.'),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional().describe('Google Cloud Translation (Basic, v2) API key.'),
  GOOGLE_TRANSLATE_API_URL: z
    .url()
    .optional()
    .describe('Only for tests or a proxy: the API origin. Unset: https://translation.googleapis.com.'),
  OPENAI_BASE_URL: z
    .url()
    .optional()
    .describe(
      'An OpenAI-compatible chat completions endpoint, e.g. a local model server. Unset: https://api.openai.com/v1.',
    ),
  OPENAI_API_KEY: z
    .string()
    .optional()
    .describe('Key of the OpenAI-compatible endpoint (not needed for a local server).'),
  OPENAI_MODEL: z
    .string()
    .optional()
    .describe('Model of the OpenAI-compatible endpoint; required for the openai engine.'),
  APERTIUM_APY_URL: z
    .url()
    .optional()
    .describe('An Apertium APY server instead of the local apertium command.'),
  STATION_KEYS_SECRET: z
    .string()
    .min(32, 'STATION_KEYS_SECRET must be at least 32 characters')
    .optional()
    .describe(
      'Seals the API keys stations enter in Settings → Translation (AES-256-GCM); 32+ random characters; changing it makes saved keys unreadable (decision 0033). Required unless DEV_TOOLS=true or NODE_ENV=development.',
    ),
  STATION_ENGINES_PRIVATE_URLS: booleanFromEnv
    .optional()
    .describe(
      "Whether a station's own engine may be at a loopback or private address. Unset: false in production, true otherwise.",
    ),
  WEBHOOKS_ALLOW_HTTP: booleanFromEnv
    .optional()
    .describe('Whether webhook endpoints may use http://. Unset: false in production, true otherwise.'),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: booleanFromEnv
    .optional()
    .describe(
      "Whether a webhook endpoint's host may be or resolve to a loopback, private or link-local address. Unset: false in production, true otherwise.",
    ),
  WEBHOOKS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30_000)
    .default(WEBHOOK_TIMEOUT_MS)
    .describe(
      'How long one webhook POST may take; a delivery whose node died mid-call is taken over after six times this.',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_')
    .optional()
    .describe(
      'Signing secret (whsec_…) of $PUBLIC_URL/webhooks/stripe; required in production when Payment Links are set. Unset with the dev checkout: a dev secret.',
    ),
  STRIPE_SUBSCRIPTION_URL: z
    .url()
    .optional()
    .describe('Stripe Payment Link of the monthly plan. Unset with DEV_TOOLS: the dev test checkout.'),
  STRIPE_CREDITS_URL: z
    .url()
    .optional()
    .describe(
      'Stripe Payment Link of the credit pack ($10 = 500 credits). Unset with DEV_TOOLS: the dev test checkout.',
    ),
  STRIPE_PORTAL_URL: z
    .url()
    .optional()
    .describe(
      'Stripe customer portal login link for paid stations (plan, card, cancel). Unset: the billing page says to contact support.',
    ),
  STRIPE_TEST_MODE: booleanFromEnv
    .optional()
    .describe('Show the Test mode badge on the billing page. Unset: on outside production.'),
  EMAIL_PROVIDER: z
    .enum(['outbox', 'smtp'])
    .optional()
    .describe(
      'outbox (stored, shown at /dev/outbox with DEV_TOOLS; refused in production) or smtp. Unset: smtp in production, else outbox.',
    ),
  SMTP_URL: z
    .string()
    .optional()
    .describe(
      'SMTP relay, smtp://user:password@host:587 or smtps://…:465; required with EMAIL_PROVIDER=smtp.',
    ),
  EMAIL_FROM: z.string().default('Message Station <no-reply@localhost>').describe('Sender of every email.'),
  SUPPORT_EMAIL: z
    .email()
    .optional()
    .describe('Where contact requests are emailed. Unset: support@ the PUBLIC_URL host.'),
  ALTCHA_HMAC_KEY: z
    .string()
    .min(16, 'ALTCHA_HMAC_KEY must be at least 16 characters')
    .optional()
    .describe('Signs the ALTCHA bot-check challenges (16+ characters). Unset: derived from SESSION_SECRET.'),
  ALTCHA_MAX_NUMBER: z.coerce
    .number()
    .int()
    .min(1000)
    .max(10_000_000)
    .default(100_000)
    .describe('ALTCHA difficulty (a browser solves 100000 in about a second).'),
  TURNSTILE_SITE_KEY: z
    .string()
    .optional()
    .describe('Cloudflare Turnstile site key; with the secret key, Turnstile replaces ALTCHA.'),
  TURNSTILE_SECRET_KEY: z.string().optional().describe('Cloudflare Turnstile secret key.'),
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify')
    .describe("Only for tests or a proxy: Turnstile's verification endpoint."),
  RELEASES_DIR: z
    .string()
    .optional()
    .describe(
      'Desktop agent releases offered on the Download page, one folder per version (npm run build writes them). Unset: ./releases.',
    ),
  ESPEAK_NG_PATH: z
    .string()
    .default('espeak-ng')
    .describe('The espeak-ng command for server-side speech (a name on PATH or a full path).'),
  LAME_PATH: z.string().default('lame').describe('The lame command for MP3.'),
  SPEECH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30_000)
    .describe('One speech render, cloud voice request or MP3 encoding is stopped after this long.'),
  SPEECH_PROVIDERS: z
    .string()
    .optional()
    .describe(
      'Server voices in order, comma-separated: google, openai, espeak. Unset: the cloud voices that are set, then espeak (decision 0034).',
    ),
  GOOGLE_TTS_API_KEY: z
    .string()
    .optional()
    .describe('Google Cloud Text-to-Speech API key (voices in all nine languages).'),
  GOOGLE_TTS_API_URL: z
    .url()
    .optional()
    .describe('Only for tests or a proxy: the API origin. Unset: https://texttospeech.googleapis.com.'),
  OPENAI_TTS_BASE_URL: z
    .url()
    .optional()
    .describe(
      'An OpenAI-compatible /audio/speech endpoint, e.g. a local server. Unset: https://api.openai.com/v1.',
    ),
  OPENAI_TTS_API_KEY: z
    .string()
    .optional()
    .describe(
      'Key of the speech endpoint (not needed for a local server); the key or the address enables it.',
    ),
  OPENAI_TTS_MODEL: z.string().default('tts-1').describe('Speech model of the OpenAI-compatible endpoint.'),
  OPENAI_TTS_VOICES: z
    .string()
    .default('alloy,nova,echo,fable,onyx,shimmer')
    .describe('Voices offered in every language, comma-separated.'),
  NWS_API_URL: z
    .url()
    .default('https://api.weather.gov')
    .describe('Where the National Weather Service API is (tests use a loopback fake).'),
  NWS_USER_AGENT: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'The User-Agent NWS asks for: an application and a contact. Unset: built from the version, PUBLIC_URL and SUPPORT_EMAIL.',
    ),
  // NWS asks clients not to poll faster than about every 30 seconds: the default is that floor, so
  // an emergency waits half as long to be seen (decisions 0047, 0058).
  NWS_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(30, 'NWS_POLL_SECONDS is at least 30 (NWS asks not to poll faster)')
    .max(3600)
    .default(30)
    .describe(
      "How often the workers check the stations' zones; at least 30, as NWS asks (decisions 0047, 0058).",
    ),
  NWS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15_000)
    .describe('One NWS request is abandoned after this long; the next poll tries again.'),
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

/** National Weather Service alerts (docs/weather-alerts.md). */
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

/** Outbound webhooks: where stations' endpoints may be, and how long a call may take. */
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
