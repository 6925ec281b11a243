/**
 * Viewers: accounts of this server that may read a meeting. Owner side
 * `/api/meetings/{id}/viewers` (list, add by e-mail, remove); viewer side `/api/shared-with-me`
 * (the meetings shared with the user, and one of them read-only). Behind the session; a meeting
 * neither owned nor shared answers 404, and every other route keeps answering a viewer 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  addMeetingViewerSchema,
  meetingViewerListSchema,
  meetingViewerSchema,
  sharedWithMeListSchema,
  viewedMeetingSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { addMeetingViewer } from '../../services/shares/add-meeting-viewer.ts';
import { listMeetingViewers } from '../../services/shares/list-meeting-viewers.ts';
import { listSharedWithMe } from '../../services/shares/list-shared-with-me.ts';
import { readSharedMeeting } from '../../services/shares/read-shared-meeting.ts';
import { removeMeetingViewer } from '../../services/shares/remove-meeting-viewer.ts';

const tags = ['shares'];

const viewerParam = idParam.extend({
  userId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'userId', in: 'path' } }),
});

/** `/api/meetings/{id}/viewers`: who may read one of the user's meetings. */
export function meetingViewerRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/viewers',
        tags,
        summary:
          "The meeting's viewers (accounts of this server that may read it), first added first",
        request: { params: idParam },
        responses: { 200: jsonAnswer(meetingViewerListSchema, 'The viewers'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          { viewers: await listMeetingViewers(db, c.var.userId, c.req.valid('param').id) },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/viewers',
        tags,
        summary:
          "Let the account with this e-mail read the meeting: it appears under their 'Shared with me' and may be asked about in their chats; they cannot change it. 400 'No account on this server has this e-mail address.'",
        request: { params: idParam, body: jsonBody(addMeetingViewerSchema) },
        responses: { 201: jsonAnswer(meetingViewerSchema, 'The viewer'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await addMeetingViewer(db, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/viewers/{userId}',
        tags,
        summary: "Take a viewer's access away, at once",
        request: { params: viewerParam },
        responses: { 204: { description: 'Removed' }, ...errorResponses },
      }),
      async (c) => {
        const { id, userId } = c.req.valid('param');
        await removeMeetingViewer(db, c.var.userId, id, userId);
        return c.body(null, 204);
      },
    );
}

/** `/api/shared-with-me`: meetings other accounts of this server shared with the user. */
export function sharedWithMeRoutes({ database: { db }, storage }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Meetings shared with the user, latest meeting first (at most 200)',
        responses: { 200: jsonAnswer(sharedWithMeListSchema, 'The meetings'), ...errorResponses },
      }),
      async (c) => c.json({ meetings: await listSharedWithMe(db, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary:
          "A meeting shared with the user, read-only: summary, action items, transcript with the owner's speaker names, the recording as a signed URL valid one hour; never the owner's My notes",
        request: { params: idParam },
        responses: { 200: jsonAnswer(viewedMeetingSchema, 'The meeting'), ...errorResponses },
      }),
      async (c) =>
        c.json(await readSharedMeeting(db, storage, c.var.userId, c.req.valid('param').id), 200),
    );
}
