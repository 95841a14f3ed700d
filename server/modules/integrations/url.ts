// Where webhooks may be sent (SSRF): https only (http with WEBHOOKS_ALLOW_HTTP=true, for tests and local
// receivers), and in production never to a private, loopback, link-local or otherwise special address. The
// address is checked where the request connects (the socket's DNS lookup), so a name that resolves to a public
// address at registration and a private one later (DNS rebinding) is refused too.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';

export type WebhookUrlEnv = Pick<Env, 'NODE_ENV' | 'WEBHOOKS_ALLOW_HTTP'>;

// Two lists: a BlockList checks an IPv4 address against IPv4-mapped IPv6 rules too, so one list holding
// ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, bits] of [
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
] as const)
  blocked4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(net, bits, 'ipv6');

/** A private, loopback, link-local, multicast or reserved address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked4.check(address, 'ipv4');
  if (family === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return blocked4.check(mapped[1]!, 'ipv4');
    return blocked6.check(address, 'ipv6');
  }
  return true;
}

const isLocalhost = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export const refusesPrivate = (env: WebhookUrlEnv) => env.NODE_ENV === 'production';

/** Checks a URL a company registers: its scheme, and (production) a literal address or `localhost`. */
export function checkWebhookUrl(env: WebhookUrlEnv, raw: string): URL {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && env.WEBHOOKS_ALLOW_HTTP))
    throw new AppError('VALIDATION', { fields: { url: { code: 'integration.httpsOnly' } } });
  if (url.username || url.password) throw new AppError('VALIDATION', { fields: { url: { code: 'field.invalidUrl' } } });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (refusesPrivate(env) && (isLocalhost(host) || (isIP(host) && isPrivateAddress(host))))
    throw new AppError('VALIDATION', { fields: { url: { code: 'integration.privateAddress' } } });
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for the request's socket that refuses private addresses (production). */
export function guardedLookup(env: WebhookUrlEnv) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    const decide = (list: LookupAddress[]) => {
      if (refusesPrivate(env) && list.some((a) => isPrivateAddress(a.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address: refused`), { code: 'EPRIVATE' });
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    };
    // `localhost` and its subdomains are loopback without asking DNS (RFC 6761): the demo's webhook lives there.
    if (isLocalhost(hostname)) return decide([{ address: '127.0.0.1', family: 4 }]);
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => (err ? callback(err, []) : decide(addresses as LookupAddress[])));
  };
}
