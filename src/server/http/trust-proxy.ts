import net from 'node:net';
import type { TrustProxy } from '../config.js';

/** Loopback, private (RFC 1918, unique local) and link-local networks: where a reverse proxy of ours can be. */
const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** An address in a list of networks (an IPv4 address mapped into IPv6, as Node reports it, counts as IPv4). */
function inList(list: net.BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return list.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const isPrivateAddress = (address: string): boolean => inList(PRIVATE, address);

/**
 * Whether a connection comes from a proxy TRUST_PROXY believes (what it says about the request, such as its
 * X-Request-Id, is kept): one of the listed addresses/CIDRs, or, for a hop count or `true`, a loopback or private address.
 */
export function trustsPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (!Array.isArray(trust)) return isPrivateAddress;
  const listed = new net.BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) continue;
    if (prefix === undefined) listed.addAddress(address, family);
    else listed.addSubnet(address, Number(prefix), family);
  }
  return (address) => inList(listed, address);
}

/**
 * Fastify's trustProxy. A list of proxy addresses/CIDRs is believed as it says. A hop count (TRUST_PROXY=1) or `true`
 * names no proxy, so a hop is believed only from a loopback or private address: a client connecting straight from
 * the internet cannot choose its address (or protocol) with a made-up X-Forwarded-For (X-Forwarded-Proto).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust) || trust === false) return trust;
  return (address, hop) => (trust === true || hop < trust) && isPrivateAddress(address);
}

/** Said at start when TRUST_PROXY names no proxy: a list is safer. */
export function trustProxyWarning(trust: TrustProxy): string | null {
  if (trust === false || Array.isArray(trust)) return null;
  return (
    `TRUST_PROXY=${String(trust)} names no proxy: X-Forwarded-For and X-Forwarded-Proto are believed from any loopback or ` +
    "private address (any client on those networks could choose its address). Set TRUST_PROXY to the proxies' " +
    'addresses or CIDRs instead, e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24.'
  );
}
