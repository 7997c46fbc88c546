// Addresses no public service has (loopback, private, link-local, shared, benchmark, multicast,
// reserved): where a station's or an endpoint's URL may not lead, so the server is never made to
// call into its own network.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { promisify } from 'node:util';

const lookupAll = promisify(dnsLookup);

const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** True for an address no public service has. IPv4 written as IPv6 (::ffff:a.b.c.d) is read as IPv4. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return INTERNAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Every address a host name resolves to (tests answer their own). */
export type TResolve = (hostname: string) => Promise<LookupAddress[]>;
const resolveAll: TResolve = (hostname) => lookupAll(hostname, { all: true });

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http(s) that answers only public addresses (unless `allowInternal`): the
 * check happens at every connection, so a name re-pointed after a check (DNS rebinding) is refused
 * too. Used by outbound webhooks and by stations' own translation engines (decisions 0046, 0056).
 */
export function publicOnlyLookup(allowInternal: boolean, resolve: TResolve = resolveAll) {
  return (hostname: string, options: object, callback: TLookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = allowInternal ? addresses : addresses.filter((a) => !isInternalAddress(a.address));
        if (usable.length === 0) {
          const refused = new Error(
            `${hostname} resolves to a private or local address`,
          ) as NodeJS.ErrnoException;
          refused.code = 'EADDRNOTAVAIL';
          return callback(refused, '');
        }
        if ((options as { all?: boolean }).all) return callback(null, usable);
        const [first] = usable as [LookupAddress];
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * The internal address a URL's host is written as or resolves to, if any (`localhost` included);
 * null for a public host, and for a name that does not resolve now (its connection is checked).
 */
export async function internalHostOf(url: URL, resolve: TResolve = resolveAll): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (isIP(host)) return isInternalAddress(host) ? host : null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  return addresses.some((a) => isInternalAddress(a.address)) ? host : null;
}
