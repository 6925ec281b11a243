/**
 * The client's network address, for the rate limits of the credential routes. By default the
 * socket's peer address; `X-Forwarded-For` is believed only when TRUST_PROXY says how many reverse
 * proxies stand in front of Summy, since any client can send that header.
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { CLIENT_ADDRESS_HEADER } from '../services/auth/auth-options.ts';
import type { AppEnv } from './context.ts';

/**
 * Resolves the client address.
 * @param socketAddress the TCP peer (IPv4, IPv6 or IPv4-mapped IPv6)
 * @param forwardedFor the `X-Forwarded-For` header, if any
 * @param trustedProxies how many proxies append to `X-Forwarded-For` (0: the header is ignored).
 *   With n proxies the client is the n-th entry from the right (the leftmost entries are whatever
 *   the client wrote); an entry that is not an IP address falls back to the socket.
 * @returns a plain IP address (IPv4-mapped IPv6 as IPv4), or 'unknown' without a socket address
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = hops[Math.max(0, hops.length - trustedProxies)];
    if (candidate && isIP(candidate)) return plainAddress(candidate);
  }
  return socketAddress && isIP(socketAddress) ? plainAddress(socketAddress) : 'unknown';
}

/**
 * The rate-limit identity of an address: IPv4 as is, IPv6 by its /64 network (one subscriber
 * usually holds a whole /64, as Better Auth's own limiter assumes: `ipv6Subnet` 64).
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

// '2001:db8::1' -> ['2001','0db8','0000',...,'0001'] (no embedded IPv4 after plainAddress).
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((g) => g.padStart(4, '0'));
}

/**
 * Middleware for /api/auth/*: resolves the client address once, keeps it as `clientAddress` and
 * hands it to Better Auth in {@link CLIENT_ADDRESS_HEADER}.
 * @param trustedProxies env.trustProxy (TRUST_PROXY)
 */
export function clientAddress(trustedProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      socket = undefined; // not on @hono/node-server (app.request in a unit test)
    }
    const address = resolveClientAddress(socket, c.req.header('x-forwarded-for'), trustedProxies);
    c.set('clientAddress', address);
    c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, address);
    await next();
  };
}
