/**
 * To-dos: list (incomplete before complete, then newest first), optionally by meeting; create;
 * update (completion stamps `completed_at`, titles are trimmed); delete. Scoped to the user. Every
 * change reaches the owner's other tabs through the `todos` change events of `GET /api/events`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createTodoSchema, todoSchema, updateTodoSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses, idParam, jsonAnswer, jsonBody } from '../../http/openapi.ts';
import { createTodo } from '../../services/todos/create-todo.ts';
import { deleteTodo } from '../../services/todos/delete-todo.ts';
import { listTodos } from '../../services/todos/list-todos.ts';
import { updateTodo } from '../../services/todos/update-todo.ts';

const tags = ['todos'];

/** `/api/todos` routes. */
export function todoRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary:
          "List the user's to-dos, incomplete before complete, then newest first; `meetingId` limits them to one meeting",
        request: { query: z.object({ meetingId: z.string().uuid().optional() }) },
        responses: { 200: jsonAnswer(z.array(todoSchema), 'To-dos'), ...errorResponses },
      }),
      async (c) => c.json(await listTodos(db, c.var.userId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Create a to-do',
        request: { body: jsonBody(createTodoSchema) },
        responses: { 201: jsonAnswer(todoSchema, 'The new to-do'), ...errorResponses },
      }),
      async (c) => c.json(await createTodo(db, c.var.userId, c.req.valid('json'), deps), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        summary: 'Update a to-do',
        request: { params: idParam, body: jsonBody(updateTodoSchema) },
        responses: { 200: jsonAnswer(todoSchema, 'The updated to-do'), ...errorResponses },
      }),
      async (c) =>
        c.json(
          await updateTodo(db, c.var.userId, c.req.valid('param').id, c.req.valid('json'), deps),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Delete a to-do',
        request: { params: idParam },
        responses: { 204: { description: 'Deleted' }, ...errorResponses },
      }),
      async (c) => {
        await deleteTodo(db, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
