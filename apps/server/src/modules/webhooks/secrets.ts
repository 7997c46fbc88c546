// Signing secrets (`whsec_` + 32 random bytes), sealed at rest as the TOTP secrets are (decision
// 0020): AES-256-GCM under a key derived (HKDF-SHA256) from SESSION_SECRET, with its own label, and
// the station and endpoint authenticated with the text, so a sealed secret copied to another row
// does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function sealingKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'message-station', 'webhook-signing-secret-v1', 32));
}

const boundTo = (owner: { stationId: string; endpointId: string }) =>
  Buffer.from(`${owner.stationId}:${owner.endpointId}`, 'utf8');

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function sealSigningSecret(
  sessionSecret: string,
  owner: { stationId: string; endpointId: string },
  secret: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(sessionSecret), iv);
  cipher.setAAD(boundTo(owner));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret; throws when it cannot be opened (SESSION_SECRET changed, or not this endpoint's). */
export function openSigningSecret(
  sessionSecret: string,
  owner: { stationId: string; endpointId: string },
  sealed: string,
): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(sessionSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(boundTo(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const secretHint = (secret: string) => secret.slice(-4);
