// The signature header, Stripe's scheme exactly: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
// "<t>.<raw body>")>`, the secret used as written (with its whsec_ prefix, as Stripe's is).
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'MessageStation-Signature';

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
