// Fixed product constants shared by server and web.

export const APP_VERSION = '1.2.0';

export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
] as const;

export type TLanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [TLanguageCode, ...TLanguageCode[]];

export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** "Español" for es: the name a speaker of the language looks for. */
export function nativeLanguageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;
}

/** The four fixed message types, in display order. */
export const MESSAGE_TYPES = [
  {
    key: 'emergency',
    displayName: 'Emergency',
    colorCode: '#dc3545',
    description: 'Critical alerts requiring immediate attention from all subscribers',
  },
  {
    key: 'alert',
    displayName: 'Alert',
    colorCode: '#fd7e14',
    description: 'Important time-sensitive updates',
  },
  {
    key: 'station',
    displayName: 'Station',
    colorCode: '#28a745',
    description: 'General station information and operational updates',
  },
  {
    key: 'informational',
    displayName: 'Informational',
    colorCode: '#007bff',
    description: 'News, announcements and non-urgent information',
  },
] as const;

export type TMessageTypeKey = (typeof MESSAGE_TYPES)[number]['key'];
export const MESSAGE_TYPE_KEYS = MESSAGE_TYPES.map((t) => t.key) as [TMessageTypeKey, ...TMessageTypeKey[]];

export const USER_ROLES = ['admin', 'user'] as const;
export type TUserRole = (typeof USER_ROLES)[number];

export const PAYMENT_STATUSES = ['paid', 'trial', 'suspended', 'unpaid'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Days an invitation link works (users.ts's invitations, catalogue/email.ts's invitation email). */
export const INVITATION_DAYS = 7;

export const LIMITS = {
  passwordMinLength: 8,
  stationIdMaxLength: 20,
  phoneInputMaxLength: 14,
  verificationCodeLength: 6,
  verificationCodeMinutes: 10,
  registrationHours: 24,
  resetLinkHours: 1,
  sessionHours: 24,
  monthlyCredits: 500,
  logoMaxBytes: 1024 * 1024,
  /** Widths at or below this get the admin area's phone layout (decision 0043). */
  adminMobileMaxWidth: 768,
} as const;

export const STATION_DEFAULTS = {
  brandColor: '#007bff',
  primaryLanguage: 'en',
  supportedLanguages: ['en'],
  signupEnabled: true,
  smsEnabled: false,
  monthlyCredits: 500,
  paymentStatus: 'unpaid',
  subscriptionTier: 'basic',
} as const;

/**
 * The `retry:` the public API's message event stream opens with: how long a WHATWG EventSource
 * waits before reconnecting after the stream ends or drops. Its one reconnect after `done` is
 * answered 204 No Content, which makes it stop (decision 0057). The API reference page says so.
 */
export const EVENT_STREAM_RETRY_MS = 5_000;

/** Names of the only two cookies the product sets. */
export const COOKIE_NAMES = { session: 'session', csrf: 'csrf_token' } as const;
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Written where a page's per-response CSP nonce goes (index.html's csp-nonce meta, the prerendered
 * page's style elements); the server puts a fresh nonce in its place on every answer (decision 0022).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
