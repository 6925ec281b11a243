/**
 * Which addresses a URL a user types may reach: global unicast only, so a webhook or CalDAV URL
 * cannot reach the server's own machine or network (loopback, private, link-local, shared
 * address space, multicast, documentation and benchmarking ranges, cloud metadata). The ranges
 * are ipaddr.js's `range()` tables (IANA's special-purpose registries); an IPv6 address that
 * carries an IPv4 one (mapped, compatible, translated, NAT64, 6to4, Teredo) is judged by the IPv4
 * address it carries, since that is where the packets end up.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// IANA's global unicast allocation: anything else unlisted by ipaddr.js is not routed.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
// IPv4-compatible addresses (deprecated), '::' and '::1' among them.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
// NAT64's well-known prefix: the IPv4 address is the last 32 bits. Its local-use sibling
// 64:ff9b:1::/48 places the IPv4 where the operator chose, and is never global: refused whole.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * True when `address` (an IPv4 or IPv6 literal, as a URL's host or a DNS answer gives it) is a
 * global unicast address, or an IPv6 form that carries only global IPv4 ones. Anything that does
 * not parse is not global.
 */
export function isGlobalAddress(address: string): boolean {
  if (isIP(address.replace(/%.*$/, '')) === 0) return false;
  let ip: IPv4 | IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  return ip.kind() === 'ipv4' ? isGlobalIPv4(ip as IPv4) : isGlobalIPv6(ip as IPv6);
}

// 'unicast' is ipaddr.js's name for what none of its special ranges hold.
function isGlobalIPv4(ip: IPv4): boolean {
  return ip.range() === 'unicast';
}

function isGlobalIPv6(ip: IPv6): boolean {
  const carried = carriedIPv4(ip);
  if (carried) return carried.length > 0 && carried.every(isGlobalIPv4);
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST);
}

/**
 * The IPv4 addresses an IPv6 address carries: null when it carries none, [] when it carries one
 * that cannot be told (local-use NAT64). Teredo carries two: its server's, and its client's
 * XOR 0xffffffff in the last 32 bits.
 */
function carriedIPv4(ip: IPv6): IPv4[] | null {
  const p = ip.parts;
  const v4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (ip.match(IPV4_COMPATIBLE)) return [v4(p[6]!, p[7]!)];
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(p[6]!, p[7]!)];
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) ? [v4(p[6]!, p[7]!)] : [];
    case '6to4':
      return [v4(p[1]!, p[2]!)];
    case 'teredo':
      return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    default:
      return null;
  }
}
