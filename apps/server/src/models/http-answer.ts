/**
 * The HTTP side of a model download (fetch-download.ts): the GET that follows redirects, its
 * lengths and `Content-Range`, and the reason a connection broke, as short words for error details.
 */
import type { IncomingMessage } from 'node:http';
import { get as httpGetRaw } from 'node:http';
import { get as httpsGet } from 'node:https';

/** A `Content-Length` as a byte count; undefined when absent or not a whole number. */
export function contentLength(raw: string | undefined): number | undefined {
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** `bytes a-b/n` (n may be `*`). */
export function parseContentRange(
  header: string | undefined,
): { start: number; end: number; total: number | undefined } | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!m) return undefined;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? undefined : Number(m[3]) };
}

/** n of `bytes * /n` (416 answers). */
export function contentRangeTotal(header: string | undefined): number | undefined {
  const m = /^bytes \*\/(\d+)$/.exec(header?.trim() ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The first `code` (ECONNRESET, ENOTFOUND, ...) on an error or its causes. */
export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for an error of our own file (permissions, a missing folder): not the network's, no retry. */
export function isLocalFileError(err: unknown): boolean {
  const syscall = (err as { syscall?: unknown })?.syscall;
  return typeof syscall === 'string' && ['open', 'write', 'close', 'fsync'].includes(syscall);
}

/** Why a request broke, in a word or two: the idle timeout, an error code, or a message. */
export function networkReason(err: unknown, idle: AbortSignal): string {
  if (idle.aborted) return String((idle.reason as Error)?.message ?? 'idle');
  const code = errorCode(err);
  const cause = (err as { cause?: { message?: string } })?.cause?.message;
  return code ?? cause ?? (err as Error)?.message ?? String(err);
}

/** An HTTP answer whose body has not been read. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  header(name: string): string | undefined;
  body: IncomingMessage;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET with node:http(s), following up to 5 redirects (GitHub release downloads redirect to
 * their object store). Not `fetch`: its body is a web stream that drops the chunks it has queued
 * when the connection breaks, so bytes that arrived would be asked for again; a Node response in
 * flowing mode hands over every byte before it reports the break.
 */
export function httpGet(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  redirectsLeft = 5,
): Promise<HttpAnswer> {
  const u = new URL(url);
  const get = u.protocol === 'https:' ? httpsGet : httpGetRaw;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = get(u, { headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location && redirectsLeft > 0) {
        res.resume();
        resolve(httpGet(new URL(location, u).toString(), headers, signal, redirectsLeft - 1));
        return;
      }
      resolve({
        status,
        statusText: res.statusMessage ?? '',
        header: (name) => {
          const v = res.headers[name];
          return Array.isArray(v) ? v.join(', ') : v;
        },
        body: res,
      });
    });
    req.on('error', reject);
  });
}
