// The known-device cookie (decision 0054): a browser where an account's password checked out (or
// its reset was completed) keeps a signed note of it, so its later sign-ins are counted on their
// own and no stranger's failed guesses keep the owner out there. It proves nothing by itself: the
// password is still checked, and the device's own failures wait like anyone's.
import type { FastifyReply } from 'fastify';
import type { TConfig } from '../../config.js';
import { hmac, randomToken, safeEqual, sha256 } from '../../platform/tokens.js';
import { normalizeEmail } from '../users/service.js';

export const KNOWN_DEVICE_COOKIE = 'known_device';
/** Sent only to the sign-in and reset calls. */
const COOKIE_PATH = '/auth';
const LIFETIME_DAYS = 180;
const LIFETIME_MS = LIFETIME_DAYS * 86_400_000;
/** Accounts one browser remembers (a shared computer, a superadmin with a station account). */
const MAX_ACCOUNTS = 5;

type TEntry = { tag: string; deviceId: string; issued: number; signature: string };

/** The account in a note: part of its normalized email's SHA-256, never the address. */
const accountTag = (email: string) => sha256(normalizeEmail(email)).slice(0, 32);

const sign = (secret: string, entry: Omit<TEntry, 'signature'>) =>
  hmac(secret, `known-device:${entry.tag}.${entry.deviceId}.${entry.issued}`);

/** The cookie's notes that are signed with this server's secret and not too old. */
function validEntries(secret: string, cookie: string | undefined, now: Date): TEntry[] {
  if (!cookie) return [];
  return cookie
    .split('~')
    .slice(0, MAX_ACCOUNTS)
    .map((part) => part.split('.'))
    .filter((fields) => fields.length === 4)
    .map(([tag = '', deviceId = '', issued = '', signature = '']) => ({
      tag,
      deviceId,
      issued: Number(issued),
      signature,
    }))
    .filter(
      (entry) =>
        Number.isSafeInteger(entry.issued) &&
        entry.issued * 1000 + LIFETIME_MS > now.getTime() &&
        safeEqual(entry.signature, sign(secret, entry)),
    );
}

/** The device id this browser has for the account, or null when it is not a known device. */
export function knownDeviceId(secret: string, cookie: string | undefined, email: string, now: Date) {
  const tag = accountTag(email);
  return validEntries(secret, cookie, now).find((entry) => entry.tag === tag)?.deviceId ?? null;
}

/** Notes (or renews) the account on this browser, newest first, keeping the others it knows. */
export function rememberDevice(
  reply: FastifyReply,
  config: Pick<TConfig, 'sessionSecret' | 'cookieSecure'>,
  cookie: string | undefined,
  email: string,
  now: Date,
) {
  const tag = accountTag(email);
  const entries = validEntries(config.sessionSecret, cookie, now);
  const deviceId = entries.find((entry) => entry.tag === tag)?.deviceId ?? randomToken().slice(0, 22);
  const fresh = { tag, deviceId, issued: Math.floor(now.getTime() / 1000) };
  const kept = [
    { ...fresh, signature: sign(config.sessionSecret, fresh) },
    ...entries.filter((entry) => entry.tag !== tag),
  ].slice(0, MAX_ACCOUNTS);
  reply.setCookie(
    KNOWN_DEVICE_COOKIE,
    kept.map((e) => `${e.tag}.${e.deviceId}.${e.issued}.${e.signature}`).join('~'),
    {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: LIFETIME_MS / 1000,
    },
  );
}
