/**
 * Meeting groups and members: create, list, add a member; a duplicate membership is ignored
 * (answered 200 instead of 201).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { addGroupMemberSchema, createMeetingGroupSchema, meetingGroupSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { addGroupMember } from '../../services/meeting-groups/add-group-member.ts';
import { createMeetingGroup } from '../../services/meeting-groups/create-meeting-group.ts';
import { listMeetingGroups } from '../../services/meeting-groups/list-meeting-groups.ts';

const tags = ['meeting-groups'];
const memberAnswer = z.object({ added: z.boolean() });

/** `/api/meeting-groups` routes. */
export function meetingGroupRoutes({ database: { db } }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "The user's meeting groups with member meeting ids",
        responses: { 200: jsonAnswer(z.array(meetingGroupSchema), 'Groups'), ...errorResponses },
      }),
      async (c) => c.json(await listMeetingGroups(db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Create a meeting group',
        request: { body: jsonBody(createMeetingGroupSchema) },
        responses: { 201: jsonAnswer(meetingGroupSchema, 'The new group'), ...errorResponses },
      }),
      async (c) => c.json(await createMeetingGroup(db, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/members',
        tags,
        summary: 'Add a meeting to a group; a duplicate is ignored',
        request: { params: idParam, body: jsonBody(addGroupMemberSchema) },
        responses: {
          201: jsonAnswer(memberAnswer, 'Added'),
          200: jsonAnswer(memberAnswer, 'Already a member; nothing changed'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const result = await addGroupMember(
          db,
          c.var.userId,
          c.req.valid('param').id,
          c.req.valid('json').meetingId,
        );
        return c.json(result, result.added ? 201 : 200);
      },
    );
}
