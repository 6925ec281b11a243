/**
 * Local speech models: list with states and the transcription provider, download (202, runs in the
 * background; the web app polls the list every 500 ms while one is downloading), pause (kept for a
 * resume), cancel (deleted), remove. Signed-in users only; the models are the server's, shared by
 * every user, so every user sees what is installed and only administrators download, cancel and
 * remove. Errors: 403 'Forbidden' for a write by a user who is not an administrator; 404 'Model not
 * found'; download failures appear on the model's status as `{error, details}`, to administrators
 * only (others see the 'failed' state alone).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { modelAnswerSchema, modelsListSchema } from '@summy/core';
import { adminWrites } from '../../http/admin.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, jsonAnswer } from '../../http/openapi.ts';
import { cancelModelDownload } from '../../services/models/cancel-model-download.ts';
import { listModels } from '../../services/models/list-models.ts';
import { pauseModelDownload } from '../../services/models/pause-model-download.ts';
import { removeModel } from '../../services/models/remove-model.ts';
import { startModelDownload } from '../../services/models/start-model-download.ts';

const tags = ['models'];

/** The answers of administrator-only routes: {@link errorResponses} and 403. */
const adminErrorResponses = {
  ...errorResponses,
  403: {
    description:
      "Not an administrator: `{error: 'Forbidden', details: 'Only an administrator can download, cancel or remove speech models. …'}`",
    content: errorResponses[400].content,
  },
};

const modelIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'parakeet-tdt-0.6b-v2-int8' }),
});

/** `/api/models` routes. */
export function modelRoutes({ env, database }: AppDeps) {
  const router = createRouter();
  router.use('*', adminWrites(database.db, 'download, cancel or remove speech models'));
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary:
          'Every catalog model with its state (absent, downloading with bytes, installed, failed; with {error, details} for administrators only) and the provider the next transcription would use',
        responses: { 200: jsonAnswer(modelsListSchema, 'Models'), ...errorResponses },
      }),
      async (c) => c.json(await listModels(env, database.db, c.get('userId')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/download',
        tags,
        summary:
          'Administrators: start (or join) the download of a model; resumes a kept partial file, installs a hand-copied download file after its SHA-256 check',
        request: { params: modelIdParam },
        responses: {
          202: jsonAnswer(modelAnswerSchema, 'Download started'),
          ...adminErrorResponses,
        },
      }),
      async (c) => c.json({ model: await startModelDownload(env, c.req.valid('param').id) }, 202),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/cancel',
        tags,
        summary: 'Administrators: cancel a download; its partial file is removed',
        request: { params: modelIdParam },
        responses: { 200: jsonAnswer(modelAnswerSchema, 'Cancelled'), ...adminErrorResponses },
      }),
      async (c) => c.json({ model: await cancelModelDownload(env, c.req.valid('param').id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/pause',
        tags,
        summary: 'Administrators: pause a download; the part received is kept for a resume',
        request: { params: modelIdParam },
        responses: { 200: jsonAnswer(modelAnswerSchema, 'Paused'), ...adminErrorResponses },
      }),
      async (c) => c.json({ model: await pauseModelDownload(env, c.req.valid('param').id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Administrators: remove an installed model and its partial download',
        request: { params: modelIdParam },
        responses: { 204: { description: 'Removed' }, ...adminErrorResponses },
      }),
      async (c) => {
        await removeModel(env, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
