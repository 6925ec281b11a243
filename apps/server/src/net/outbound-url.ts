/**
 * The rules for a URL a user gives Summy to call (a webhook endpoint, a CalDAV server): http or
 * https, and unless the integration's ALLOW_PRIVATE_HOSTS setting is on, only https to global
 * addresses ({@link isGlobalAddress}). The host is resolved once and every address it answers is
 * checked; the caller connects to the address answered here (fetchPinned), never to a second DNS
 * answer.
 */
import { isGlobalAddress } from './global-address.ts';
import { addressesOf, systemResolveHost, type ResolveHost } from './pinned-fetch.ts';

/** Network rules of a caller. */
export interface OutboundPolicy {
  /** Allow loopback and private addresses and plain http (tests, servers on the LAN). */
  allowPrivateHosts: boolean;
  /** Resolves host names (default: the system's); tests answer differently on each call. */
  resolveHost?: ResolveHost;
}

/** The rule a URL breaks: not http(s), plain http, a name that does not resolve, not global. */
export type OutboundRefusal = 'scheme' | 'https' | 'unresolved' | 'private';

/**
 * Checks `url` against `policy`.
 * @returns `{ address }`, the host's first address (its own for an IP literal) to connect to, or
 *   `{ refused }` naming the rule broken; never throws
 */
export async function checkOutboundUrl(
  url: URL,
  policy: OutboundPolicy,
): Promise<{ address: string; refused?: never } | { refused: OutboundRefusal }> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'scheme' };
  if (!policy.allowPrivateHosts && url.protocol !== 'https:') return { refused: 'https' };
  let addresses: string[] = [];
  try {
    addresses = await addressesOf(url, policy.resolveHost ?? systemResolveHost);
  } catch {
    // answered below
  }
  if (addresses.length === 0) return { refused: 'unresolved' };
  if (!policy.allowPrivateHosts && !addresses.every(isGlobalAddress)) return { refused: 'private' };
  return { address: addresses[0]! };
}
