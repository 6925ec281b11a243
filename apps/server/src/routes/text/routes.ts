/**
 * Text worker endpoints (no product rule fixes their paths, so Summy chooses them): `POST
 * /api/summary` (summary with topics, or with `generateTitle` a title), `POST /api/action-items`
 * and `POST /api/enhance-speakers`. Each uses the user's AI preference
 * (`ai_preferences.summaryModel`, default 'auto'); `provider` and `model` in the body override it
 * when that provider is configured on the server. Failures answer `{error, details}` with the
 * documented messages: 429 'Too many requests. Please try again later.', 401 for a rejected key,
 * 502 for other vendor failures, 504 for a time-out.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema, boundedText, TEXT_LIMITS } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import {
  runActionItemsWorker,
  runEnhanceSpeakersWorker,
  runSummaryWorker,
} from '../../services/text/run-text-workers.ts';
import { answerTextError } from './text-error-answer.ts';

const tags = ['text'];

// Text fields are bounded and NUL-free: transcripts up to the stored transcript's limit, 2,000,000
// characters (a 10-hour meeting is about 585,000).
const transcript = boundedText(TEXT_LIMITS.transcript).openapi({
  description: "Stored transcript: paragraphs 'Speaker N: text' separated by blank lines",
});
const provider = boundedText(100).optional().openapi({
  description:
    "'anthropic', 'openai', 'openai-compatible' or 'offline'; overrides the AI preference when configured",
});
const model = boundedText(200).optional().openapi({
  description: "The vendor's model id (e.g. 'gpt-5'), or 'provider:model' without `provider`",
});

const summaryBody = z.object({
  transcript,
  meetingTitle: boundedText(TEXT_LIMITS.title).optional(),
  provider,
  model,
  template: boundedText(100)
    .optional()
    .openapi({ description: "Summary template (default: the user's, 'general')" }),
  generateTitle: z
    .boolean()
    .optional()
    .openapi({ description: 'Answer a title (at most 50 characters) instead of a summary' }),
});
const topicSchema = z.object({ topic: z.string(), confidence: z.number().min(0).max(1) });
const summaryAnswer = z.object({
  summary: z.string().openapi({ description: 'Markdown summary; with generateTitle, the title' }),
  title: z.string().optional().openapi({ description: 'The title, with generateTitle' }),
  topics: z.array(topicSchema).optional(),
});
const actionItemsBody = z.object({ transcript, provider, model });
const actionItemsAnswer = z.object({
  actionItems: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      assignedTo: z.string().nullable(),
      confidence: z.number().min(0).max(1),
    }),
  ),
});
const enhanceAnswer = z.object({ enhancedTranscript: z.string() });

const errorContent = { 'application/json': { schema: apiErrorSchema } };
const vendorErrors = {
  429: {
    description:
      "The AI provider's rate limit: details 'Too many requests. Please try again later.'",
    content: errorContent,
  },
  502: {
    description: "The AI provider failed: the step's message ('Summary generation failed', …)",
    content: errorContent,
  },
  504: { description: 'The AI provider did not answer in time', content: errorContent },
} as const;

/** Routes of this module, mounted at /api. */
export function textRoutes({ database: { db }, env }: AppDeps) {
  const deps = { db, env };
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/summary',
        tags,
        summary: 'Summarize a transcript (markdown with topics), or write its title',
        request: { body: jsonBody(summaryBody) },
        responses: {
          200: jsonAnswer(summaryAnswer, 'The summary, or the title'),
          ...errorResponses,
          ...vendorErrors,
        },
      }),
      async (c) =>
        c.json(
          await answerTextError(
            runSummaryWorker(deps, c.var.userId, c.req.valid('json'), c.req.raw.signal),
          ),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/action-items',
        tags,
        summary: 'Extract action item suggestions from a transcript',
        request: { body: jsonBody(actionItemsBody) },
        responses: {
          200: jsonAnswer(actionItemsAnswer, 'Suggested action items'),
          ...errorResponses,
          ...vendorErrors,
        },
      }),
      async (c) =>
        c.json(
          await answerTextError(
            runActionItemsWorker(deps, c.var.userId, c.req.valid('json'), c.req.raw.signal),
          ),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/enhance-speakers',
        tags,
        summary:
          'Put speaker names in place of generic labels where the conversation makes them evident',
        request: { body: jsonBody(actionItemsBody) },
        responses: {
          200: jsonAnswer(enhanceAnswer, 'The transcript, same format'),
          ...errorResponses,
          ...vendorErrors,
        },
      }),
      async (c) =>
        c.json(
          await answerTextError(
            runEnhanceSpeakersWorker(deps, c.var.userId, c.req.valid('json'), c.req.raw.signal),
          ),
          200,
        ),
    );
}
