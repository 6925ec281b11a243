/**
 * Transcription worker endpoints: direct `POST /api/transcribe` with multipart field `audio` (up to
 * 15 MB, 120 s), the async job `POST /api/start` and its `GET /api/status?jobId=`. All answer the
 * documented speech-to-text shape.
 */
import type { HttpBindings } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { apiErrorSchema, boundedText, TEXT_LIMITS } from '@summy/core';
import { getTranscriptionJobStatus } from '../../services/transcription/get-transcription-job-status.ts';
import { speechToTextAnswerSchema } from '../../services/transcription/speech-to-text-answer.ts';
import { startTranscriptionJob } from '../../services/transcription/start-transcription-job.ts';
import { transcribeUpload } from '../../services/transcription/transcribe-upload.ts';

const tags = ['transcription'];
const errorContent = { 'application/json': { schema: apiErrorSchema } };

const startBody = z.object({
  fileUrl: boundedText(TEXT_LIMITS.url)
    .min(1)
    .openapi({ description: 'Signed storage URL of one of your recordings (never fetched)' }),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language must be a BCP-47 tag such as en')
    .default('en'),
  diarize: z.boolean().default(true),
  summarize: z.boolean().default(true),
  topics: z.boolean().default(true),
  intents: z.boolean().default(true),
  sentiments: z.boolean().default(true),
  utterances: z.boolean().default(true),
  model: boundedText(100).min(1).default('nova-3'),
});

const statusAnswer = z
  .object({
    status: z.enum(['queued', 'processing', 'done', 'error']),
    result: speechToTextAnswerSchema.optional(),
    error: z.string().optional().openapi({ description: "'Job failed' when status is error" }),
    details: z.string().optional(),
  })
  .openapi('TranscriptionJobStatus');

/** Routes of this module, mounted under the session-protected /api. */
export function transcriptionRoutes(deps: AppDeps) {
  const router = createRouter();
  // Multipart is streamed from the raw Node request by the service, so the route is documented
  // here rather than validated by createRoute (whose validator would buffer the whole body).
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/transcribe',
    tags,
    summary: 'Transcribe an audio file directly (up to 15 MB, 120 s)',
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              audio: z.any().openapi({ type: 'string', format: 'binary' }),
              language: z.string().optional().openapi({ description: "BCP-47, default 'en'" }),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonAnswer(speechToTextAnswerSchema, 'The speech-to-text result'),
      ...errorResponses,
      413: {
        description:
          "`{error: 'File too large for quick processing', details}` above 15 MB, or at once when the provider's estimate for the audio's duration passes the time-out (offline provider); details name the job route (POST /api/start, GET /api/status?jobId=)",
        content: errorContent,
      },
      429: { description: "'Rate limit exceeded'", content: errorContent },
      502: {
        description: "'Transcription failed' and other provider errors",
        content: errorContent,
      },
      504: { description: "'Processing timeout' after 120 s", content: errorContent },
    },
  });
  router.post('/transcribe', async (c) =>
    c.json(await transcribeUpload(deps.env, (c.env as HttpBindings).incoming), 200),
  );

  return router
    .openapi(
      createRoute({
        method: 'post',
        path: '/start',
        tags,
        summary: 'Start an async transcription job for a stored recording',
        request: { body: jsonBody(startBody) },
        responses: {
          200: jsonAnswer(z.object({ jobId: z.string() }), 'The job id, for /api/status'),
          ...errorResponses,
          500: { description: "'Start failed'", content: errorContent },
        },
      }),
      async (c) =>
        c.json(await startTranscriptionJob(deps, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/status',
        tags,
        summary: 'State of an async transcription job; the result once done',
        request: { query: z.object({ jobId: boundedText(100).min(1) }) },
        responses: {
          200: jsonAnswer(
            statusAnswer,
            'queued, processing, done with result, or error with details',
          ),
          ...errorResponses,
          500: { description: "'Status failed'", content: errorContent },
        },
      }),
      async (c) =>
        c.json(
          await getTranscriptionJobStatus(deps, c.var.userId, c.req.valid('query').jobId),
          200,
        ),
    );
}
