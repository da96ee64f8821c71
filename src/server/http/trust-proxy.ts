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

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  return family !== 0 && PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
