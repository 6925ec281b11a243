/**
 * Who may read `/metrics`: with METRICS_TOKEN set, whoever sends it as a bearer token; without
 * one, clients on the machine itself (the TCP peer is a loopback address; no header is believed,
 * as any client can write one). docs/decisions/060-metrics.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** The verdict on a scrape: read it, 401 (token missing or wrong), 403 (not on this machine). */
export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden';

// Node's BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) to IPv4 rules.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether `address`, a socket's peer as Node reports it, is loopback: 127.0.0.0/8, `::1`, or
 * IPv4-mapped `::ffff:127.x.x.x`.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && LOOPBACK.check(address!, family === 6 ? 'ipv6' : 'ipv4');
}

// Hashing first gives equal lengths, so the compare takes the same time whatever was sent.
function sameToken(sent: string, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Decides a scrape.
 * @param request.authorization the `Authorization` header, if any (`Bearer <token>`)
 * @param request.remoteAddress the TCP peer's address (`incoming.socket.remoteAddress`), if known
 * @param token METRICS_TOKEN, if set
 * @returns 'allowed'; 'unauthorized' when a token is set and the request lacks it (compared in
 *   constant time); 'forbidden' when no token is set and the peer is not loopback
 */
export function metricsAccess(
  request: { authorization: string | undefined; remoteAddress: string | undefined },
  token: string | undefined,
): MetricsAccess {
  if (token !== undefined) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '')?.[1];
    return sent !== undefined && sameToken(sent, token) ? 'allowed' : 'unauthorized';
  }
  return isLoopbackAddress(request.remoteAddress) ? 'allowed' : 'forbidden';
}
