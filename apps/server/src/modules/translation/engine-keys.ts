// Seals the API keys stations enter for their translation engines (AES-256-GCM, decision 0033):
// the key is derived from STATION_KEYS_SECRET, and the station and engine are authenticated with
// the text, so a sealed key copied into another station's row (or another engine's) does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'message-station', 'station-engine-key-v1', 32));
}

function boundTo(owner: { stationId: string; engine: string }): Buffer {
  return Buffer.from(`${owner.stationId}:${owner.engine}`, 'utf8');
}

export function sealEngineKey(
  secret: string,
  owner: { stationId: string; engine: string },
  key: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  cipher.setAAD(boundTo(owner));
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The key, or null when it cannot be opened (another secret, or not this station's engine). */
export function openEngineKey(
  secret: string,
  owner: { stationId: string; engine: string },
  sealed: string,
): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(boundTo(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** What admins see of a key: its last four characters (all of a key shorter than eight: none). */
export function keyHint(key: string): string {
  return key.length >= 8 ? key.slice(-4) : '';
}
