/**
 * The meeting assistant's endpoints: `POST /api/chat` takes an optional bearer token and a body of
 * content, context, provider and model, and answers `content` (or `response`). `POST /api/chat`
 * answers JSON; `POST /api/chat/stream` streams the same answer as server-sent events (`citations`,
 * `waiting` while the local model is busy, `delta`…, then `done` or `error`). Failures are `{error, details}`: 400 for a bad body, 404 for a
 * meeting that is not the user's, and 'Chat failed' with the vendor's status (429, 401, 502, 504)
 * when the model fails.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import {
  apiErrorSchema,
  chatAnswerSchema,
  chatRequestSchema,
  type ChatStreamEvent,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-errors.ts';
import { createRouter, errorResponses, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { answerQuestion } from '../../services/assistant/answer-question.ts';
import { assertReadableMeetings } from '../../services/shares/list-shared-with-me.ts';
import { log } from '../../log.ts';

const tags = ['chat'];

const errorContent = { 'application/json': { schema: apiErrorSchema } };
const modelErrors = {
  429: { description: "The AI provider's rate limit ('Chat failed')", content: errorContent },
  502: {
    description: "The AI provider failed: 'Chat failed' / 'No response generated'",
    content: errorContent,
  },
  504: { description: 'The AI provider did not answer in time', content: errorContent },
};

/** `/api/chat` routes. */
export function chatAnswerRoutes({ database: { db }, env }: AppDeps) {
  const deps = { db, env };
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Ask the meeting assistant; the whole answer with its citations',
        request: { body: jsonBody(chatRequestSchema) },
        responses: {
          200: jsonAnswer(chatAnswerSchema, 'The answer (content and response carry the text)'),
          ...errorResponses,
          ...modelErrors,
        },
      }),
      async (c) =>
        c.json(
          await answerQuestion(deps, c.var.userId, c.req.valid('json'), {}, c.req.raw.signal),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/stream',
        tags,
        summary: 'Ask the meeting assistant; the answer as server-sent events, as it is generated',
        description:
          "Events: `citations` `{citations}` (the sources given to the model), `waiting` `{position, notes}` while the answer waits for the local notes model (its place in line, 1 = next, 0 once it is written; `notes` when a meeting's notes are written first), `delta` `{text}` per piece of text, then `done` (the answer as `POST /api/chat` gives it) or `error` `{error, details}`.",
        request: { body: jsonBody(chatRequestSchema) },
        responses: {
          200: {
            description: 'text/event-stream of ChatStreamEvent',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses,
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const userId = c.var.userId;
        // A meeting neither own nor shared answers 404 before the stream starts, like POST /api/chat.
        if (body.context?.type === 'meeting') {
          await assertReadableMeetings(db, userId, body.context.meetingIds ?? []);
        }
        const controller = new AbortController();
        c.req.raw.signal.addEventListener('abort', () => controller.abort());
        return streamSSE(c, async (stream) => {
          stream.onAbort(() => controller.abort());
          const send = (e: ChatStreamEvent) =>
            stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
          try {
            const answer = await answerQuestion(
              deps,
              userId,
              body,
              {
                onCitations: (citations) => send({ event: 'citations', data: { citations } }),
                onDelta: (text) => send({ event: 'delta', data: { text } }),
                onWaiting: (wait) => send({ event: 'waiting', data: wait }),
              },
              controller.signal,
            );
            await send({ event: 'done', data: answer });
          } catch (err) {
            if (controller.signal.aborted) return;
            const known = err instanceof AppError;
            if (!known) log.error({ err }, '[chat] stream failed');
            await send({
              event: 'error',
              data: {
                error: known ? err.message : 'Chat failed',
                details: known ? String(err.details ?? `HTTP ${err.status}`) : 'Server error',
              },
            });
          }
        });
      },
    );
}
