/**
 * `fetch` to an address decided beforehand: the host name of the URL is resolved once, the
 * address is checked, and the connection goes to that very address (the TLS certificate is still
 * checked against the host name). Without it, a name that answers a public address to the check
 * and a private one to the connection (DNS rebinding) would reach the server's own network.
 * undici's Agent with a `connect.lookup` that answers the checked address
 * (https://undici.nodejs.org/#/docs/api/Client?id=parameter-connectoptions). The answer is read
 * up to a cap and the connection closed past it: a receiver answering hundreds of MiB would
 * otherwise hold the server's memory and event loop while it is read.
 */
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

// Statuses a Response must be built without a body for (Fetch standard, "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Resolves a host name to its addresses (IPv4 and IPv6). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, as Node's connections use). */
export const systemResolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true })).map((a) => a.address);

/** The host of a URL without IPv6 brackets. */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The addresses a URL's host stands for: itself for an IP literal, else the resolver's answer.
 * @throws the resolver's error (ENOTFOUND...) when the name does not resolve
 */
export async function addressesOf(url: URL, resolve: ResolveHost): Promise<string[]> {
  const host = urlHost(url);
  return isIP(host) ? [host] : resolve(host);
}

/** An answer read whole, or its first `maxBytes` when `truncated`. */
export interface PinnedAnswer {
  /** A plain Response whose body is in memory: callers may read it after the connection closed. */
  response: Response;
  /** The body was longer than the cap: `response` holds its first `maxBytes` bytes only. */
  truncated: boolean;
}

/**
 * `fetch(url, init)` connecting to `address` whatever the name resolves to now, reading at most
 * `maxBytes` of the answer's body. The agent lives for this one request: its connection closes
 * with it, at once when the body was cut short.
 */
export async function fetchPinned(
  url: URL,
  init: RequestInit,
  address: string,
  maxBytes: number,
): Promise<PinnedAnswer> {
  const family = isIP(address);
  const agent = new Agent({
    connect: {
      lookup: (_host, options, callback) => {
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
        if ((options as { all?: boolean }).all) {
          (callback as (e: null, list: LookupAddress[]) => void)(null, [{ address, family }]);
        } else {
          callback(null, address, family);
        }
      },
    },
  });
  let truncated = false;
  try {
    const res = await undiciFetch(url, { ...(init as object), dispatcher: agent });
    const body = await readCapped(res.body, maxBytes);
    truncated = body.truncated;
    const response = new Response(NULL_BODY.has(res.status) ? null : body.bytes, {
      status: res.status,
      statusText: res.statusText,
      headers: new Headers([...res.headers]),
    });
    return { response, truncated };
  } finally {
    await (truncated ? agent.destroy() : agent.close());
  }
}

// The body's first `maxBytes` bytes; past them the stream is cancelled, which aborts the request.
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!body) return { bytes: Buffer.alloc(0), truncated: false };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, size), truncated: false };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks, maxBytes), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}
