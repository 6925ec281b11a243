/**
 * `/api/account`: the signed-in user's own data as a whole. `GET /export` streams everything as a
 * zip (meetings with notes and transcripts, audio when asked, to-dos, chats).
 */
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../http/openapi.ts';
import { exportAccount } from '../../services/export/export-account.ts';
import { attachmentHeader, tooManyExportsResponse } from '../meetings/export-routes.ts';

/** `/api/account` routes. */
export function accountRoutes(deps: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/export',
      tags: ['account'],
      summary:
        'Everything of the user as a zip, streamed: a folder per meeting (meeting.md, transcript.txt, meeting.json, the audio with `audio=true`), todos.json, chats.json',
      request: {
        query: z.object({
          audio: z
            .enum(['true', 'false'])
            .default('false')
            .openapi({ description: 'Include the recordings' }),
        }),
      },
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        ...errorResponses,
        ...tooManyExportsResponse,
      },
    }),
    async (c) => {
      const stream = await exportAccount(deps, c.var.userId, {
        audio: c.req.valid('query').audio === 'true',
      });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachmentHeader(`Summy export ${day}.zip`),
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
}
