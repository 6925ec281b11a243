/**
 * Playback of stored audio through signed URLs: `GET|HEAD
 * /api/storage/recordings/{key}?expires={unix s}&signature={base64url}`. Mounted without a session:
 * the HMAC signature over key and expiry is the authorization, as an `<audio>` element (or a
 * transcription provider fetching `fileUrl`) sends no cookie. Serves HTTP Range requests (RFC 9110
 * section 14) so players can seek.
 */
import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.ts';
import { createRouter } from '../../http/openapi.ts';
import { createUrlSigner } from '../../storage/signing.ts';
import { contentTypeForKey, isValidObjectKey, RECORDINGS_BUCKET } from '../../storage/types.ts';

/** One byte range, inclusive offsets. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for an object of `size` bytes: the range to serve, 'unsatisfiable'
 * (answer 416), or undefined to serve the whole object (no header, another unit, several
 * ranges, or a malformed one: RFC 9110 lets a server ignore Range).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // Suffix range: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

const invalidSignature = () => new ForbiddenError('Invalid or expired signature');

/** `/api/storage` routes (no session). */
export function storageRoutes({ env, storage }: AppDeps) {
  const signer = createUrlSigner(env.authSecret);
  const router = createRouter();
  const prefix = `/${RECORDINGS_BUCKET}/`;

  router.openAPIRegistry.registerPath({
    method: 'get',
    path: `/${RECORDINGS_BUCKET}/{userId}/{file}`,
    tags: ['recordings'],
    summary: 'Play stored audio through a signed URL (no session)',
    description:
      "Get the URL from `GET /api/meetings/{id}/audio-url`. Supports HEAD and `Range: bytes=` (206, 416). An expired or altered URL answers 403 `{error: 'Forbidden', details: 'Invalid or expired signature'}`.",
    security: [],
    request: {
      params: z.object({ userId: z.string(), file: z.string() }),
      query: z.object({ expires: z.string(), signature: z.string() }),
    },
    responses: {
      200: { description: 'The whole object' },
      206: { description: 'The requested byte range' },
      403: { description: 'Invalid or expired signature' },
      404: { description: 'No such object' },
      416: { description: 'Range not satisfiable' },
    },
  });

  const serve = async (c: Context<AppEnv>) => {
    const rawPath = c.req.path;
    const at = rawPath.indexOf(prefix);
    let key: string;
    try {
      key = decodeURIComponent(rawPath.slice(at + prefix.length));
    } catch {
      throw invalidSignature();
    }
    const expires = c.req.query('expires') ?? '';
    const signature = c.req.query('signature') ?? '';
    if (at < 0 || !isValidObjectKey(key) || !signer.verify(key, expires, signature)) {
      throw invalidSignature();
    }
    const object = await storage.stat(key);
    if (!object) throw new NotFoundError('Audio');

    const headers: Record<string, string> = {
      'Accept-Ranges': 'bytes',
      'Content-Type': contentTypeForKey(key),
      // Private to whoever holds the URL, and never cached past its expiry.
      'Cache-Control': `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}`,
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    };
    const range = parseRange(c.req.header('range'), object.size);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${object.size}` });
    }
    const status = range ? 206 : 200;
    const length = range ? range.end - range.start + 1 : object.size;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`;
    // HEAD is dispatched to this GET handler; it must not open the object at all.
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const body = await storage.read(key, range);
    return c.body(Readable.toWeb(body) as ReadableStream, status, headers);
  };

  router.on(['GET', 'HEAD'], `${prefix}*`, serve);
  return router;
}
