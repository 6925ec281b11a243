/**
 * Serving a Hono app (any fetch handler) on 127.0.0.1 for the fakes written with Hono (Google,
 * Linear), and the HTML escaping of their consent pages. Tests and local trials only.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** A running fake: its port, origin (no trailing slash) and a close that ends open connections. */
export interface ServedFake {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 at `port` (0: a free one).
 * @throws when the port is taken
 */
export async function serveOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<ServedFake> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
