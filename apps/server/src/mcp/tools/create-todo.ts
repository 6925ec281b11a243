/** MCP tool `create_todo` (read-write keys only): adds a to-do. */
import { z } from 'zod';
import { maxText } from '@summy/core';
import { createTodo } from '../../services/todos/create-todo.ts';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `create_todo`: optionally owned and linked to a meeting; answers id, title, owner, completed. */
export function registerCreateTodo({ server, db, deps, userId }: McpToolContext): void {
  server.registerTool(
    'create_todo',
    {
      title: 'Create a to-do',
      description:
        'Adds a to-do for the user, optionally owned by someone and linked to a meeting.',
      inputSchema: {
        title: maxText(500).min(1),
        description: maxText(5000).optional(),
        owner: maxText(200).optional(),
        meetingId: z.string().uuid().optional(),
      },
    },
    guardTool('create_todo', async ({ title, description, owner, meetingId }) => {
      const todo = await createTodo(
        db,
        userId,
        {
          title,
          description: description ?? null,
          assignedTo: owner ?? null,
          meetingId: meetingId ?? null,
        },
        deps,
      );
      return json({
        id: todo.id,
        title: todo.title,
        owner: todo.assignedTo,
        completed: todo.completed,
      });
    }),
  );
}
