/**
 * `/api/integrations/apple-reminders*`: reminders over CalDAV, shown as 'Apple Reminders': the
 * connection, its lists and its reminders. The password is stored encrypted and never answered.
 * Errors: 401 'Authentication failed' for refused CalDAV credentials, 404 'Apple Reminders is not
 * connected', 502 'Failed to connect to Apple Reminders', 400 for invalid input.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  reminderPatchSchema,
  reminderSchema,
  remindersAnswerSchema,
  remindersConnectAnswerSchema,
  remindersConnectBodySchema,
  remindersListsAnswerSchema,
  remindersSelectListsBodySchema,
  remindersStatusSchema,
} from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import {
  connectReminders,
  disconnectReminders,
  getRemindersStatus,
  listReminderLists,
  listReminders,
  selectReminderLists,
  type RemindersDeps,
  updateReminder,
} from '../../services/reminders/reminders.ts';

const tags = ['reminders'];
const caldavErrors = {
  ...errorResponses,
  502: {
    description:
      "The CalDAV server did not answer usably: `{error: 'Failed to connect to Apple Reminders', details}`",
    content: errorContent,
  },
} as const;

/** The router these routes are added to. */
type Router = ReturnType<typeof createRouter>;
const reminderParam = z.object({
  id: z
    .string()
    .min(1)
    .max(1000)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'The VTODO UID, URL-encoded' }),
});

/** `/api/integrations/apple-reminders` routes. */
export function remindersRoutes({ env, database: { db }, auth }: AppDeps) {
  const deps: RemindersDeps = {
    db,
    auth,
    policy: { allowPrivateHosts: env.caldavAllowPrivateHosts },
  };
  const router = createRouter();
  connectionRoutes(router, db, deps);
  listRoutes(router, deps);
  return router;
}

/** The connection: status, connect, disconnect. */
function connectionRoutes(
  router: Router,
  db: AppDeps['database']['db'],
  deps: RemindersDeps,
): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Whether reminders are connected, as whom and to which CalDAV server',
        responses: { 200: jsonAnswer(remindersStatusSchema, 'Status'), ...errorResponses },
      }),
      async (c) => c.json(await getRemindersStatus(db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary:
          'Check CalDAV credentials against the server and store them (password encrypted, never answered)',
        request: { body: jsonBody(remindersConnectBodySchema) },
        responses: {
          200: jsonAnswer(remindersConnectAnswerSchema, 'Connected; sessionToken is always null'),
          ...caldavErrors,
        },
      }),
      async (c) => c.json(await connectReminders(deps, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/',
        tags,
        summary: 'Forget the CalDAV connection',
        responses: { 204: { description: 'Forgotten' }, ...errorResponses },
      }),
      async (c) => {
        await disconnectReminders(db, c.var.userId);
        return c.body(null, 204);
      },
    );
}

/** The lists to sync, and the reminders in them. */
function listRoutes(router: Router, deps: RemindersDeps): void {
  router
    .openapi(
      createRoute({
        method: 'get',
        path: '/lists',
        tags,
        summary:
          "The account's to-do lists and the selected ids ('Reminders' with fallback: true when they cannot be read)",
        responses: { 200: jsonAnswer(remindersListsAnswerSchema, 'Lists'), ...caldavErrors },
      }),
      async (c) => c.json(await listReminderLists(deps, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/lists',
        tags,
        summary: 'Choose the lists to sync (at least one)',
        request: { body: jsonBody(remindersSelectListsBodySchema) },
        responses: { 200: jsonAnswer(remindersListsAnswerSchema, 'Lists'), ...caldavErrors },
      }),
      async (c) =>
        c.json(await selectReminderLists(deps, c.var.userId, c.req.valid('json').selected), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/reminders',
        tags,
        summary: 'Incomplete reminders of the selected lists, most recently modified first',
        responses: { 200: jsonAnswer(remindersAnswerSchema, 'Reminders'), ...caldavErrors },
      }),
      async (c) => c.json({ reminders: await listReminders(deps, c.var.userId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/reminders/{id}',
        tags,
        summary: 'Edit a reminder: title, due date, list, completion, priority (Apple scale)',
        request: { params: reminderParam, body: jsonBody(reminderPatchSchema) },
        responses: { 200: jsonAnswer(reminderSchema, 'The saved reminder'), ...caldavErrors },
      }),
      async (c) =>
        c.json(
          await updateReminder(deps, c.var.userId, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    );
}
