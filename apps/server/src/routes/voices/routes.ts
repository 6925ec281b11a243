/**
 * `/api/voices`: the user's voice profiles (made when the user names a meeting's speakers, on a
 * server with the speaker embedding model): list, play the clip, delete. Owner-scoped; another
 * user's profile answers 404.
 */
import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { voiceProfileListSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer } from '../../http/openapi.ts';
import { deleteVoiceProfile } from '../../services/voices/delete-voice-profile.ts';
import { listVoiceProfiles } from '../../services/voices/list-voice-profiles.ts';
import { readVoiceSample } from '../../services/voices/read-voice-sample.ts';

const tags = ['voices'];

/** `/api/voices` routes. */
export function voiceRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary:
          "The user's voice profiles by name: linked contact's e-mail, embedding model, meetings averaged, clip URL",
        responses: {
          200: jsonAnswer(voiceProfileListSchema, 'Voice profiles'),
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json({ profiles: await listVoiceProfiles(deps.database.db, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/sample',
        tags,
        summary: 'The voice clip of a profile (AAC in MP4, at most 8 s)',
        request: { params: idParam },
        responses: {
          200: { description: 'The clip', content: { 'audio/mp4': { schema: {} } } },
          ...errorResponses,
        },
      }),
      async (c) => {
        const sample = await readVoiceSample(deps, c.var.userId, c.req.valid('param').id);
        return c.body(Readable.toWeb(sample.body) as ReadableStream, 200, {
          'Content-Type': sample.contentType,
          'Content-Length': String(sample.size),
          'X-Content-Type-Options': 'nosniff',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary:
          'Delete a voice profile and its clip; meetings keep their speaker names, nothing is suggested from the voice again',
        request: { params: idParam },
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      async (c) => {
        await deleteVoiceProfile(deps, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
