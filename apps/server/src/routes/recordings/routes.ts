/**
 * Getting audio onto the server:
 * - `POST /api/meetings/upload`: multipart file upload, streamed (never buffered) to storage;
 * - `POST /api/meetings/{id}/audio?index=N` and `POST /api/meetings/{id}/stop`: a browser
 *   recording sent chunk by chunk, then assembled;
 * - `GET /api/meetings/{id}/audio-url`: a signed URL of the stored audio, valid one hour.
 * Resumable uploads (tus) live at `/api/uploads` (uploads/tus-routes.ts).
 * Every route needs a session; another user's meeting answers 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema, boundedDurationMs, RECORDING_LIMITS } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer } from '../../http/openapi.ts';
import {
  appendRecordingChunk,
  MAX_CHUNK_INDEX,
} from '../../services/recordings/append-recording-chunk.ts';
import { getAudioUrl } from '../../services/recordings/get-audio-url.ts';
import { stopRecording } from '../../services/recordings/stop-recording.ts';
import { uploadMeetingFile } from '../../services/recordings/upload-meeting-file.ts';
import { ACCEPTED_UPLOAD_TYPES } from '../../uploads/audio-type.ts';
import { rawRequest } from '../../uploads/multipart.ts';

const tags = ['recordings'];
const errorContent = { 'application/json': { schema: apiErrorSchema } };

const uploadAnswer = z.object({ meetingId: z.string().uuid() });
const chunkAnswer = z.object({ received: z.number().int() });
const stopAnswer = z.object({
  meetingId: z.string().uuid(),
  audioUrl: z.string().openapi({ description: '`recordings/{key}` of the stored audio' }),
  bytes: z.number().int().openapi({ description: 'Size of the stored audio in bytes' }),
  missingChunks: z
    .object({
      count: z.number().int().openapi({ description: 'How many chunk indexes never arrived' }),
      ranges: z
        .array(z.tuple([z.number().int(), z.number().int()]))
        .openapi({ description: 'The first (at most 10) runs of missing indexes, [from, to]' }),
    })
    .openapi({ description: 'Chunks assembled without, summarised' }),
});
const audioUrlAnswer = z.object({
  url: z.string().url(),
  expiresAt: z.string().datetime().nullable(),
});

const tooLarge = (what: string) => ({
  description: `${what}: \`{error: 'File too large', details}\``,
  content: errorContent,
});

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

/** `/api/meetings` routes of audio upload and recording. */
export function recordingRoutes(deps: AppDeps) {
  const router = createRouter();

  uploadRoute(router, deps);
  chunkRoute(router, deps);
  stopAndPlayRoutes(router, deps);
  return router;
}

/** `POST /upload`: a file as a new meeting, read as a stream. */
function uploadRoute(router: Router, deps: AppDeps): void {
  // Documented here, handled by a plain route: a zod form validator would call parseBody(),
  // which buffers the whole file in memory.
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/upload',
    tags,
    summary: 'Upload an audio or video file as a new meeting',
    description: `multipart/form-data with field \`file\` (one of ${ACCEPTED_UPLOAD_TYPES.join(', ')}; checked by declared type and by content; at most 100 MB = 104857600 bytes), optional field \`title\` (default: the file name without extension) and optional field \`channels\` = \`me,them\`, marking a two-channel call recording (left channel the account holder's microphone, right the call; the meeting's \`channels\` is then \`["me","them"]\`; any other value answers 400 and nothing is stored). The audio is stored, the meeting is created with isProcessing true, processing is enqueued, and the answer comes at once. A declared Content-Length over the limit is refused before the body is read.`,
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary' },
                title: { type: 'string', maxLength: 500 },
                channels: {
                  type: 'string',
                  enum: ['me,them'],
                  description: 'A two-channel call recording: left me, right the call',
                },
              },
            },
          },
        },
      },
    },
    responses: {
      201: jsonAnswer(uploadAnswer, 'Stored; the meeting is processing'),
      400: {
        description:
          "`{error: 'Invalid file type', details: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)'}`, or an invalid form (`{error: 'Invalid request', details}`, e.g. a `channels` field other than `me,them`)",
        content: errorContent,
      },
      401: errorResponses[401],
      413: tooLarge("Over 100 MB: details 'Please upload a file smaller than 100MB'"),
      500: {
        description: "`{error: 'Upload failed', details: 'Failed to process the uploaded file'}`",
        content: errorContent,
      },
    },
  });
  router.post('/upload', async (c) =>
    c.json(await uploadMeetingFile(deps, c.var.userId, rawRequest(c)), 201),
  );
}

/** `POST /{id}/audio`: one chunk of a recording in progress. */
function chunkRoute(router: Router, deps: AppDeps): void {
  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/audio',
      tags,
      summary: 'Send one chunk of a recording in progress',
      description: `Raw MediaRecorder chunk bytes (webm/opus), at most 2 MiB (${RECORDING_LIMITS.chunkBytes} bytes). Chunks are numbered from 0 in recording order; an index may be at most ${RECORDING_LIMITS.indexWindow} past the highest received (so they may arrive a little out of order); re-sending an index keeps the first copy and answers the same. Chunk 0 must be WebM (EBML header, DocType webm); later chunks must be continuation data: text, a second file header or another file's signature is refused. A recording holds at most 100 MiB, or 32 KiB per chunk index if that is more (112.5 MiB an hour).`,
      request: {
        params: idParam,
        query: z.object({
          index: z.coerce
            .number()
            .int()
            .min(0)
            .max(MAX_CHUNK_INDEX)
            .openapi({
              type: 'integer',
              description: 'Chunk number, from 0 in recording order',
              param: { name: 'index', in: 'query', required: true },
            }),
        }),
        body: {
          required: true,
          content: { 'audio/webm': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
      responses: {
        200: jsonAnswer(chunkAnswer, 'Received (now or before)'),
        ...errorResponses,
        400: {
          description:
            "`{error: 'Invalid file type', details}` for content that is not WebM data; `{error: 'Invalid chunk index', details}` for an index too far ahead; or an invalid request",
          content: errorContent,
        },
        409: {
          description: 'The recording was already stopped and stored',
          content: errorContent,
        },
        413: tooLarge('Chunk over 2 MiB, or the recording past its total size'),
      },
    }),
    async (c) =>
      c.json(
        await appendRecordingChunk(
          deps,
          c.var.userId,
          c.req.valid('param').id,
          c.req.valid('query').index,
          rawRequest(c),
        ),
        200,
      ),
  );
}

/** Stopping a recording, and the signed URL of a meeting's audio. */
function stopAndPlayRoutes(router: Router, deps: AppDeps): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/stop',
        tags,
        summary: 'Stop a recording: assemble its chunks, store the audio, start processing',
        description:
          "Chunks are concatenated in index order into one audio/webm object; missing indexes are skipped (counted, and the first runs listed). No audio at all answers 400 `{error: 'Recording failed', details: 'No audio data was recorded'}` and clears the recording and processing flags. Calling stop again after success answers the same audio.",
        request: {
          params: idParam,
          body: {
            required: false,
            content: {
              'application/json': {
                schema: z.object({
                  durationMs: boundedDurationMs
                    .optional()
                    .openapi({ description: "The recorder's duration in ms, 0 to 48 hours" }),
                }),
              },
            },
          },
        },
        responses: {
          200: jsonAnswer(stopAnswer, 'Stored; the meeting is processing'),
          ...errorResponses,
          500: { description: "`{error: 'Recording failed', details}`", content: errorContent },
        },
      }),
      async (c) =>
        c.json(
          await stopRecording(deps, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/audio-url',
        tags,
        summary: "A signed URL of the meeting's audio, valid one hour",
        description:
          'The URL needs no session and serves HTTP Range requests (seeking). `expiresAt` is when it stops working (null for an external URL).',
        request: { params: idParam },
        responses: {
          200: jsonAnswer(audioUrlAnswer, 'A playable URL'),
          ...errorResponses,
        },
      }),
      async (c) => c.json(await getAudioUrl(deps, c.var.userId, c.req.valid('param').id), 200),
    );
}
