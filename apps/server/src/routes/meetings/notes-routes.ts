/**
 * My notes of a meeting: `GET` and `PUT /api/meetings/{id}/notes`. Private to the meeting's
 * owner (stored per meeting and user): another user's meeting answers 404 'Meeting not found'.
 * docs/product.md#my-notes.
 */
import { createRoute } from '@hono/zod-openapi';
import { meetingNotesSchema, saveNotesSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { getMeetingNotes } from '../../services/notes/get-meeting-notes.ts';
import { saveMeetingNotes } from '../../services/notes/save-meeting-notes.ts';

const tags = ['meetings'];

/** The notes routes, mounted under `/api/meetings`. */
export function meetingNotesRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/notes',
        tags,
        summary:
          "The user's own notes of the meeting (My notes): the editor's blocks and the same as one Markdown document; empty blocks and `updatedAt` null when none were saved",
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingNotesSchema, 'The notes'), ...errorResponses },
      }),
      async (c) => c.json(await getMeetingNotes(db, c.var.userId, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/notes',
        tags,
        summary:
          "Replace the user's notes of the meeting with the whole document (the last save wins). At most 2,000 blocks and 100,000 characters; a bad body answers 400 and changes nothing",
        request: { params: idParam, body: jsonBody(saveNotesSchema) },
        responses: { 200: jsonAnswer(meetingNotesSchema, 'The notes as saved'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await saveMeetingNotes(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    );
}
