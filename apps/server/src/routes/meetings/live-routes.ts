/**
 * The live draft transcript of a recording in progress: `GET /api/meetings/{id}/live`.
 * Owner-scoped: another user's meeting answers 404. New segments then come as realtime
 * 'live-segment' events.
 */
import { createRoute } from '@hono/zod-openapi';
import { liveTranscriptSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  idParam,
  jsonAnswer,
} from '../../http/openapi.ts';
import { getLiveTranscript } from '../../services/live/get-live-transcript.ts';

/** The live transcript route, mounted under `/api/meetings`. */
export function meetingLiveRoutes(deps: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/{id}/live',
      tags: ['meetings'],
      summary:
        "The live draft transcript so far: the session's state ('live', 'off', 'busy', 'ended', or 'none' without a session) and its segments by seq (channel 0 'You', 1 'Call'; start and end in s of recorded audio). The final transcript replaces them after Stop",
      request: { params: idParam },
      responses: {
        200: jsonAnswer(liveTranscriptSchema, 'The live transcript'),
        ...errorResponses,
        404: {
          description:
            "`{error: 'Not found', details: 'Meeting not found'}` for a meeting that is not the user's",
          content: errorContent,
        },
      },
    }),
    async (c) => c.json(await getLiveTranscript(deps, c.var.userId, c.req.valid('param').id), 200),
  );
}
