/**
 * Series memory of a meeting: `GET /api/meetings/{id}/series` ('Last time': the previous meeting of
 * its series, the series' open action items, and which of them this meeting suggests are done),
 * and the answers to a likely-done suggestion. Owner-scoped: another user's meeting answers 404.
 * docs/product.md#series-memory.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { meetingSeriesSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer } from '../../http/openapi.ts';
import { getMeetingSeries } from '../../services/series/get-meeting-series.ts';
import { confirmLikelyDone, dismissLikelyDone } from '../../services/series/resolve-likely-done.ts';

const tags = ['meetings'];

const suggestionParams = idParam.extend({
  todoId: z
    .string()
    .uuid()
    .openapi({ param: { name: 'todoId', in: 'path' }, description: 'The to-do suggested done' }),
});

/** The series routes, mounted under `/api/meetings`. */
export function meetingSeriesRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/series',
        tags,
        summary:
          "The meeting's series ('Last time'): the previous meeting's summary and decisions, the series' open action items, and those this meeting suggests are done; `series` null when it belongs to none",
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingSeriesSchema, 'The series'), ...errorResponses },
      }),
      async (c) => c.json(await getMeetingSeries(db, c.var.userId, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/likely-done/{todoId}',
        tags,
        summary:
          'Confirm that an action item this meeting suggests is done: the to-do is completed and the suggestion removed',
        request: { params: suggestionParams },
        responses: { 200: jsonAnswer(meetingSeriesSchema, 'The series'), ...errorResponses },
      }),
      async (c) => {
        const { id, todoId } = c.req.valid('param');
        return c.json(await confirmLikelyDone(db, c.var.userId, id, todoId, deps), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/likely-done/{todoId}',
        tags,
        summary: 'Dismiss the suggestion that an action item is done; the to-do stays open',
        request: { params: suggestionParams },
        responses: { 200: jsonAnswer(meetingSeriesSchema, 'The series'), ...errorResponses },
      }),
      async (c) => {
        const { id, todoId } = c.req.valid('param');
        return c.json(await dismissLikelyDone(db, c.var.userId, id, todoId), 200);
      },
    );
}
