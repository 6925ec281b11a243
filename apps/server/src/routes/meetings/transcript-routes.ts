/**
 * Transcript corrections: `PATCH /api/meetings/{id}/transcript/turns/{index}` replaces what one
 * speaker turn says. Owner-scoped: another user's meeting answers 404. docs/product.md#transcript.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { editTranscriptTurnAnswerSchema, editTranscriptTurnSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import { editTranscriptTurn } from '../../services/meetings/edit-transcript-turn.ts';

const tags = ['meetings'];

const turnParams = idParam.extend({
  index: z.coerce
    .number('The turn must be a number')
    .int('The turn must be a whole number')
    .min(0, 'The turn must be 0 or more')
    .openapi({
      param: { name: 'index', in: 'path' },
      description: 'The turn, from 0, as the meeting view numbers them',
    }),
});

/** The transcript routes, mounted under `/api/meetings`. */
export function meetingTranscriptRoutes(deps: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/transcript/turns/{index}',
      tags,
      summary:
        "Correct what one speaker turn says (its label and the speaker names stay); `previous` is the text the client saw. Undo is this call with the old text. Search, the assistant's passages, exports and MCP follow",
      request: { params: turnParams, body: jsonBody(editTranscriptTurnSchema) },
      responses: {
        200: jsonAnswer(editTranscriptTurnAnswerSchema, 'The meeting with the new text'),
        409: {
          description:
            "`{error: 'The transcript changed since you opened it. Reload to see the latest.'}` when the turn's text is not `previous`; `{error: 'Meeting is busy'}` while recording or processing",
          content: errorContent,
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id, index } = c.req.valid('param');
      const meeting = await editTranscriptTurn(deps, c.var.userId, id, index, c.req.valid('json'));
      return c.json({ meeting }, 200);
    },
  );
}
