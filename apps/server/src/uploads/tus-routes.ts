/**
 * Resumable uploads with the tus protocol 1.0.0 (tus.io; @tus/server + @tus/file-store), at
 * `/api/uploads`, for files a flaky connection would otherwise make the user send again from the
 * start. Mounted inside the session-protected API.
 *
 * Protocol use:
 * - `POST /api/uploads` creates an upload. `Upload-Metadata` must carry `filetype` (one of the
 *   ten accepted MIME types) and `filename`, and may carry `title` and `channels` (`me,them`
 *   for a two-channel call recording; any other value answers 400 before any byte is sent). `Upload-Length` above 100 MB
 *   answers 413 before any byte is sent. The `Location` is relative (`/api/uploads/{id}`).
 * - `PATCH` appends bytes at `Upload-Offset`; `HEAD` tells the offset to resume from.
 * - When the last byte arrives, the file is checked by content (magic bytes), stored, its meeting
 *   created and processing enqueued - the same service as the multipart upload. The final PATCH
 *   answers 204 with header `Summy-Meeting-Id: {meetingId}` (exposed to browsers). A later HEAD
 *   of that upload answers the same header, so a client whose final answer was lost still learns
 *   the meeting.
 * - Errors are the API's JSON `{error, details}` (400 'Invalid file type', 413 'File too large'),
 *   tus's own protocol errors included (409 'Upload-Offset conflict', 412 'Tus-Resumable
 *   Required').
 * - Each upload belongs to the user who created it; anybody else gets 404 for it.
 *
 * Partial uploads live in `{dataDir}/uploads` and expire after 24 hours. They are on this
 * server's disk: several servers need shared storage for that folder or sticky sessions.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { FileStore } from '@tus/file-store';
import { Server, TUS_RESUMABLE, Upload } from '@tus/server';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors/app-errors.ts';
import { createRouter } from '../http/openapi.ts';
import {
  createUploadedMeeting,
  uploadChannels,
} from '../services/recordings/create-uploaded-meeting.ts';
import {
  assertAcceptedType,
  FileTooLargeError,
  InvalidFileTypeError,
  MAX_UPLOAD_BYTES,
} from './audio-type.ts';
import { log } from '../log.ts';

/** Response header carrying the new meeting's id once an upload is complete. */
export const MEETING_ID_HEADER = 'Summy-Meeting-Id';

/** Unfinished uploads are forgotten this long after creation: 24 hours, in ms. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

// Metadata keys Summy sets itself; whatever a client sends under these names is replaced.
const OWNER_KEY = 'summy_user';
const MEETING_KEY = 'summy_meeting';

type TusError = { status_code: number; body: string };

/** A tus hook failure carrying the API's JSON error body. */
function tusError(err: AppError): TusError {
  return {
    status_code: err.status,
    body: JSON.stringify({ error: err.message, details: err.details ?? `HTTP ${err.status}` }),
  };
}

/**
 * The API's `{error, details}` for a tus error answer: kept when already JSON (our hooks' errors),
 * else tus's text as `error` (e.g. 'Upload-Offset conflict', 'Tus-Resumable Required') and
 * `details` 'HTTP {status}', the documented default.
 */
export function jsonErrorBody(status: number, text: string): string {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string') return text;
    } catch {
      // not JSON after all
    }
  }
  const message = text.trim().split('\n')[0]!.slice(0, 200) || `HTTP ${status}`;
  return JSON.stringify({ error: message, details: `HTTP ${status}` });
}

/** `/api/uploads` routes (tus). Mount inside the session-protected API: `api.route('/uploads', tusRoutes(deps))`. */
export function tusRoutes(deps: AppDeps) {
  const directory = path.join(deps.env.dataDir, 'uploads');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  // The session's user of each request in flight, for the hooks (which only see the request).
  const userOf = new WeakMap<Request, string>();
  // One completion at a time per upload in this process.
  const finishing = new Map<string, Promise<string>>();

  const tus = new Server({
    path: '/api/uploads',
    datastore: store,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    exposedHeaders: [MEETING_ID_HEADER],
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const userId = userOf.get(req as unknown as Request);
      if (!userId) throw tusError(new NotFoundError('Upload'));
      const meta = upload.metadata ?? {};
      try {
        assertAcceptedType(meta.filetype);
        uploadChannels(meta.channels ?? undefined);
      } catch (err) {
        throw tusError(err as AppError);
      }
      const { [MEETING_KEY]: _ignored, ...rest } = meta;
      return { metadata: { ...rest, [OWNER_KEY]: userId } };
    },
    async onUploadFinish(req, upload) {
      const userId = userOf.get(req as unknown as Request);
      if (!userId) throw tusError(new NotFoundError('Upload'));
      let running = finishing.get(upload.id);
      if (!running) {
        running = finishUpload(deps, store, directory, upload, userId).finally(() =>
          finishing.delete(upload.id),
        );
        finishing.set(upload.id, running);
      }
      return { headers: { [MEETING_ID_HEADER]: await running } };
    },
    onResponseError(_req, err) {
      if ('status_code' in err && err.status_code === 413 && !err.body.startsWith('{')) {
        return tusError(new FileTooLargeError());
      }
      return undefined;
    },
  });

  let lastCleanup = 0;
  const cleanupNow = () => {
    if (Date.now() - lastCleanup < 60 * 60 * 1000) return;
    lastCleanup = Date.now();
    tus.cleanUpExpiredUploads().catch((err: unknown) => log.warn({ err }, '[tus] cleanup failed'));
  };

  const handle = async (c: Context<AppEnv>) => {
    // tus clients never download, and a partial upload is nobody's audio yet.
    if (c.req.method === 'GET') throw new NotFoundError('Route');
    const userId = c.var.userId;
    const id = c.req.param('id');
    if (id !== undefined) {
      const record = (await store.configstore.get(id)) as Upload | undefined;
      if (!record || record.metadata?.[OWNER_KEY] !== userId) throw new NotFoundError('Upload');
      const meetingId = record.metadata?.[MEETING_KEY];
      if (meetingId) return completedAnswer(c, store, record, meetingId);
    } else if (c.req.method === 'POST') {
      cleanupNow();
    }
    const req = c.req.raw;
    userOf.set(req, userId);
    const res = await tus.handleWeb(req);
    // tus writes error bodies as untyped text, some (412 'Tus-Resumable Required', 400 'Invalid
    // {header}') without calling onResponseError: every one becomes the API's JSON.
    if (res.status >= 400) {
      const text = await res.text();
      const headers = new Headers(res.headers);
      headers.set('Content-Type', 'application/json');
      headers.delete('Content-Length');
      return new Response(jsonErrorBody(res.status, text), { status: res.status, headers });
    }
    return res;
  };

  const router = createRouter();
  documentTusRoutes(router);
  router.on(['POST', 'OPTIONS'], '/', handle);
  // Hono routes HEAD through the GET route, so GET is registered and refused in `handle`.
  router.on(['GET', 'PATCH', 'DELETE'], '/:id', handle);
  return router;
}

/**
 * Makes a finished upload a meeting, remembers the meeting on the upload (for later HEADs) and
 * frees the disk. A file that fails the upload rules is dropped.
 * @returns the new meeting's id
 * @throws the tus error of an `AppError` (its status and JSON body), else what failed
 */
async function finishUpload(
  deps: AppDeps,
  store: FileStore,
  directory: string,
  upload: Upload,
  userId: string,
): Promise<string> {
  const file = path.join(directory, upload.id);
  const meta = upload.metadata ?? {};
  try {
    const { meetingId } = await createUploadedMeeting(deps, {
      userId,
      audio: createReadStream(file),
      size: upload.size ?? upload.offset,
      mimeType: meta.filetype ?? '',
      fileName: meta.filename ?? '',
      title: meta.title ?? undefined,
      channels: uploadChannels(meta.channels ?? undefined),
    });
    // Remember the meeting for later HEADs; the bytes are in storage now, free the disk.
    await store.configstore.set(
      upload.id,
      new Upload({
        id: upload.id,
        size: upload.size,
        offset: upload.offset,
        creation_date: upload.creation_date,
        storage: upload.storage,
        metadata: { ...meta, [MEETING_KEY]: meetingId },
      }),
    );
    await fs.truncate(file, 0);
    return meetingId;
  } catch (err) {
    if (err instanceof InvalidFileTypeError || err instanceof FileTooLargeError) {
      // A file that fails the rules can never pass them: drop it rather than let it be resumed.
      await store.remove(upload.id).catch(() => undefined);
    }
    if (err instanceof AppError) throw tusError(err);
    throw err;
  }
}

/** The answer for an upload whose meeting exists: its offset is its length, whatever the disk holds now. */
function completedAnswer(c: Context<AppEnv>, store: FileStore, record: Upload, meetingId: string) {
  const size = String(record.size ?? 0);
  const headers = {
    'Tus-Resumable': TUS_RESUMABLE,
    'Cache-Control': 'no-store',
    'Upload-Offset': size,
    'Upload-Length': size,
    [MEETING_ID_HEADER]: meetingId,
    'Access-Control-Expose-Headers': MEETING_ID_HEADER,
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  if (c.req.method === 'PATCH') return c.body(null, 204, headers);
  if (c.req.method === 'DELETE') {
    // Forget the finished upload; the meeting and its audio stay.
    return store.remove(record.id).then(
      () => c.body(null, 204, { 'Tus-Resumable': TUS_RESUMABLE }),
      () => c.body(null, 204, { 'Tus-Resumable': TUS_RESUMABLE }),
    );
  }
  return c.body(null, 405, headers);
}

/** The OpenAPI description of the tus creation request (tus answers it, not a zod route). */
function documentTusRoutes(router: ReturnType<typeof createRouter>): void {
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/',
    tags: ['recordings'],
    summary: 'Start a resumable (tus 1.0.0) upload of an audio or video file',
    description: `tus creation: headers \`Tus-Resumable: 1.0.0\`, \`Upload-Length\` (at most 104857600 bytes) and \`Upload-Metadata\` with \`filename\`, \`filetype\` (an accepted MIME type), optional \`title\` and optional \`channels\` = \`me,them\` (a two-channel call recording: left the account holder's microphone, right the call; the meeting's \`channels\` is then \`["me","them"]\`; any other value answers 400 at creation). Then PATCH \`/api/uploads/{id}\` with \`Content-Type: application/offset+octet-stream\`; HEAD tells the offset to resume from. The final PATCH answers 204 with header \`${MEETING_ID_HEADER}\` (also on later HEADs). Errors are JSON \`{error, details}\`.`,
    responses: {
      201: { description: 'Created; `Location: /api/uploads/{id}`' },
      400: {
        description:
          "`{error: 'Invalid file type', details}`, or `{error: 'Invalid request', details}` for a `channels` other than `me,them`",
      },
      401: { description: 'No session' },
      413: { description: "`{error: 'File too large', details}`" },
    },
  });
}
