/**
 * `/api/settings`: the user's AI preferences with the model choices and summary templates this
 * server offers, the notices the user dismissed for good, and the recording preferences. Scoped to the session's user. Errors:
 * 400 `{error: 'Invalid request', details: [{path, message}]}`.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  aiSettingsSchema,
  dismissNoticeSchema,
  noticesSchema,
  recordingPreferencesSchema,
  updateAiSettingsSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { getAiSettings } from '../../services/settings/get-ai-settings.ts';
import { updateAiSettings } from '../../services/settings/update-ai-settings.ts';
import { dismissNotice } from '../../services/settings/dismiss-notice.ts';
import { getNotices } from '../../services/settings/get-notices.ts';
import { getRecordingPreferences } from '../../services/settings/get-recording-preferences.ts';
import { updateRecordingPreferences } from '../../services/settings/update-recording-preferences.ts';

const tags = ['settings'];

/** `/api/settings` routes. */
export function settingsRoutes({ database: { db }, env }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/ai',
        tags,
        summary:
          "The user's summary model, chat model and summary template, with the model choices of this server (an unavailable one says why) and the templates",
        responses: { 200: jsonAnswer(aiSettingsSchema, 'AI preferences'), ...errorResponses },
      }),
      async (c) => c.json(await getAiSettings({ db, env }, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/ai',
        tags,
        summary:
          'Change any of the AI preferences; the others stay. 400 for an unknown template or model, or a model that is not configured on this server (details give the reason)',
        request: { body: jsonBody(updateAiSettingsSchema) },
        responses: { 200: jsonAnswer(aiSettingsSchema, 'AI preferences'), ...errorResponses },
      }),
      async (c) =>
        c.json(await updateAiSettings({ db, env }, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/notices',
        tags,
        summary: 'The notices the user dismissed for good (on every device, after sign-out too)',
        responses: { 200: jsonAnswer(noticesSchema, 'Dismissed notices'), ...errorResponses },
      }),
      async (c) => c.json(await getNotices({ db }, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/notices',
        tags,
        summary:
          'Dismiss a notice for good; dismissing it again changes nothing. 400 for an unknown notice',
        request: { body: jsonBody(dismissNoticeSchema) },
        responses: { 200: jsonAnswer(noticesSchema, 'Dismissed notices'), ...errorResponses },
      }),
      async (c) => c.json(await dismissNotice({ db }, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/recording',
        tags,
        summary: "The user's recording preferences: whether a live draft transcript shows",
        responses: {
          200: jsonAnswer(recordingPreferencesSchema, 'Recording preferences'),
          ...errorResponses,
        },
      }),
      async (c) => c.json(await getRecordingPreferences({ db }, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/recording',
        tags,
        summary:
          'Store the recording preferences (every field). 400 for a missing, mistyped or unknown field',
        request: { body: jsonBody(recordingPreferencesSchema.strict()) },
        responses: {
          200: jsonAnswer(recordingPreferencesSchema, 'Recording preferences'),
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(await updateRecordingPreferences({ db }, c.var.userId, c.req.valid('json')), 200),
    );
}
