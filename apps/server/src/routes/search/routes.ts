/**
 * `/api/search`: search everywhere, the Cmd+K / Ctrl+K palette's request: the user's meetings,
 * to-dos, contacts and past chats matching a text, grouped, with the matched words as ranges
 * (docs/decisions/058-search-everywhere.md). Owner-scoped.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { SEARCH_LIMITS, searchResultsSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, jsonAnswer } from '../../http/openapi.ts';
import { searchEverything } from '../../services/search/search-everything.ts';

const tags = ['search'];

const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for').max(SEARCH_LIMITS.query).openapi({
    description:
      'The text: its words (letters and digits) must all match; the last one is matched as a prefix, as typed',
    example: 'remote contr',
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.perGroupMax)
    .default(SEARCH_LIMITS.perGroupDefault)
    .openapi({ description: 'Results per group' }),
});

/** `/api/search` routes. */
export function searchRoutes({ database: { db } }: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary:
        'Meetings (title, transcript turn, summary paragraph), to-dos, contacts and past chats matching `q`, grouped, best first; 400 for an empty `q`',
      request: { query: searchQuerySchema },
      responses: {
        200: jsonAnswer(searchResultsSchema, 'The results, by group'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      return c.json(await searchEverything(db, c.var.userId, { text: q, limit }), 200);
    },
  );
}
