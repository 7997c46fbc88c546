// Where an endpoint may be: https (http only when the operator allows it), no credentials in the
// URL, and no host that is or resolves to a loopback, private, link-local or otherwise internal
// address (unless WEBHOOKS_ALLOW_PRIVATE_HOSTS): checked when the URL is saved, and again by the
// lookup of every connection, so a name re-pointed after the check (DNS rebinding) is refused too.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import type { TWebhookAddressConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { isInternalAddress, publicOnlyLookup } from '../../platform/internal-addresses.js';

const lookupAll = promisify(dnsLookup);

/** The URL as stored, or the refusal an admin reads. */
export async function checkEndpointUrl(config: TWebhookAddressConfig, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('webhook_url_invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('webhook_url_invalid');
  if (url.protocol === 'http:' && !config.allowHttp) throw new AppError('webhook_url_https_required');
  if (url.username || url.password) throw new AppError('webhook_url_credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) throw new AppError('webhook_url_invalid');
  url.hash = '';
  if (config.allowPrivateHosts) return url.toString();
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new AppError('webhook_url_private', { host });
  if (isIP(host)) {
    if (isInternalAddress(host)) throw new AppError('webhook_url_private', { host });
    return url.toString();
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host, { all: true });
  } catch {
    throw new AppError('webhook_url_unresolvable', { host });
  }
  if (addresses.length === 0) throw new AppError('webhook_url_unresolvable', { host });
  if (addresses.some((a) => isInternalAddress(a.address)))
    throw new AppError('webhook_url_private', { host });
  return url.toString();
}

/** A `lookup` for http.request that answers only public addresses (unless private hosts are allowed). */
export function guardedLookup(config: TWebhookAddressConfig) {
  return publicOnlyLookup(config.allowPrivateHosts);
}
