/**
 * Meetings: list by date descending, create, read, update, delete. Every query is scoped to the
 * session's user; another user's meeting answers 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  boundedText,
  createMeetingSchema,
  meetingListSchema,
  meetingSchema,
  regenerateSummaryAnswerSchema,
  regenerateSummarySchema,
  retranscribeAnswerSchema,
  speakerNamesInputSchema,
  TEXT_LIMITS,
  updateMeetingSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import { createMeeting } from '../../services/meetings/create-meeting.ts';
import { deleteMeeting } from '../../services/meetings/delete-meeting.ts';
import { dismissSpeakerSuggestion } from '../../services/meetings/dismiss-speaker-suggestion.ts';
import { getMeetingJson } from '../../services/meetings/get-meeting.ts';
import { listMeetingsJson, MEETING_PAGE } from '../../services/meetings/list-meetings.ts';
import type { MeetingListCache } from '../../services/meetings/meeting-list-cache.ts';
import { requestSummary } from '../../services/meetings/request-summary.ts';
import { renameSpeakers } from '../../services/meetings/rename-speakers.ts';
import { retranscribeMeeting } from '../../services/meetings/retranscribe-meeting.ts';
import { updateMeeting } from '../../services/meetings/update-meeting.ts';

const tags = ['meetings'];

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MEETING_PAGE.max).default(MEETING_PAGE.default),
  cursor: boundedText(200).optional(),
  q: boundedText(TEXT_LIMITS.search).optional().openapi({
    description:
      "Only meetings whose title contains this text, case-insensitive (the chat's @ picker)",
  }),
  search: boundedText(TEXT_LIMITS.search).optional().openapi({
    description:
      "Only meetings whose title contains this text, or whose title, transcript or summary holds every word (stemmed: 'budgets' finds 'budget'); the /meetings screen",
  }),
});

/**
 * `/api/meetings` routes.
 * @param listCache this process's cache of list answers (services/meetings/meeting-list-cache.ts);
 *   without it every list request reads the database
 * @param meetingCache the same for one meeting's answers, also stale on to-do changes
 */
export function meetingRoutes(
  deps: AppDeps,
  listCache?: MeetingListCache,
  meetingCache?: MeetingListCache,
) {
  const router = createRouter();
  meetingRecordRoutes(router, deps, listCache, meetingCache);
  meetingChangeRoutes(router, deps);
  meetingWorkRoutes(router, deps);
  return router;
}

/** List, create, read and update. */
function meetingRecordRoutes(
  router: Router,
  deps: AppDeps,
  listCache?: MeetingListCache,
  meetingCache?: MeetingListCache,
): void {
  const {
    database: { db },
    storage,
  } = deps;
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary:
          "List the user's meetings, date descending (keyset pages), with participants' names; optionally searched",
        request: { query: listQuery },
        responses: { 200: jsonAnswer(meetingListSchema, 'A page of meetings'), ...errorResponses },
      }),
      async (c) =>
        c.body(await listMeetingsJson(db, listCache, c.var.userId, c.req.valid('query')), 200, {
          'content-type': 'application/json',
        }) as never,
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Create a meeting',
        request: { body: jsonBody(createMeetingSchema) },
        responses: { 201: jsonAnswer(meetingSchema, 'The new meeting'), ...errorResponses },
      }),
      async (c) => c.json(await createMeeting(db, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: "Read one meeting in the app's shape, with its action items",
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingSchema, 'The meeting'), ...errorResponses },
      }),
      async (c) =>
        c.body(
          await getMeetingJson(db, meetingCache, c.var.userId, c.req.valid('param').id, storage),
          200,
          { 'content-type': 'application/json' },
        ) as never,
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        summary: 'Update a meeting',
        request: { params: idParam, body: jsonBody(updateMeetingSchema) },
        responses: { 200: jsonAnswer(meetingSchema, 'The updated meeting'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await updateMeeting(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    );
}

/** Speaker names, dismissed name suggestions, deletion. */
function meetingChangeRoutes(router: Router, deps: AppDeps): void {
  const { db } = deps.database;
  router
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/speakers',
        tags,
        summary:
          "Name the meeting's speakers: the whole map from transcript label to name. Rename, merge (two labels, one name) and undo (the previous map) are all this call; the transcript keeps its labels. Action items owned by a renamed speaker follow the name",
        request: { params: idParam, body: jsonBody(speakerNamesInputSchema) },
        responses: {
          200: jsonAnswer(meetingSchema, 'The meeting with its new names'),
          409: {
            description: "`{error: 'Meeting is busy'}` while recording or processing",
            content: errorContent,
          },
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          await renameSpeakers(deps, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/speaker-suggestions/{label}',
        tags,
        summary:
          'Dismiss the name suggested for a speaker (from a voice profile or the attendee list)',
        request: {
          params: idParam.extend({
            label: boundedText(200).openapi({ param: { name: 'label', in: 'path' } }),
          }),
        },
        responses: { 200: jsonAnswer(meetingSchema, 'The meeting'), ...errorResponses },
      }),
      async (c) => {
        const { id, label } = c.req.valid('param');
        return c.json(await dismissSpeakerSuggestion(db, c.var.userId, id, label), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary:
          'Delete a meeting with its action items, search passages, quoting answers and audio (signed URLs answer 404 at once)',
        request: { params: idParam },
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      async (c) => {
        await deleteMeeting(deps, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}

/** Queued work: transcribe again, summarise again. */
function meetingWorkRoutes(router: Router, deps: AppDeps): void {
  router
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/retranscribe',
        tags,
        summary:
          'Transcribe a meeting again from its stored audio with the engine that would run now; progress and the result arrive over /api/events',
        request: { params: idParam },
        responses: {
          202: jsonAnswer(retranscribeAnswerSchema, 'Processing started; the meeting as it is now'),
          409: {
            description:
              "`{error: 'Meeting is busy'}` while recording or processing; `{error: 'Nothing to transcribe'}` without stored audio",
            content: errorContent,
          },
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          { meeting: await retranscribeMeeting(deps, c.var.userId, c.req.valid('param').id) },
          202,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/summary',
        tags,
        summary:
          "Summarise the meeting's transcript again with a template and model (each defaults to the user's AI preference). The previous summary stays until the new one is saved; action items are not extracted again, but checkbox lines of My notes that are not yet to-dos are added. The result arrives as a change event and a notice over /api/events",
        request: { params: idParam, body: jsonBody(regenerateSummarySchema) },
        responses: {
          202: jsonAnswer(
            regenerateSummaryAnswerSchema,
            'Regeneration queued; the meeting with `summaryRegenerating` true and its previous summary',
          ),
          409: {
            description:
              "`{error: 'Meeting has no transcript'}` without one or while recording or processing; `{error: 'Summary is being regenerated'}` while one is queued or running, or when the same template and model were accepted for it in the last 10 s",
            content: errorContent,
          },
          429: {
            description:
              "`{error: 'Too many summaries being regenerated'}`: the user already has 3 regenerations queued or running",
            content: errorContent,
          },
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          {
            meeting: await requestSummary(
              deps,
              c.var.userId,
              c.req.valid('param').id,
              c.req.valid('json'),
            ),
          },
          202,
        ),
    );
}
