/** MCP tool `complete_todo` (read-write keys only): marks a to-do done or open again. */
import { z } from 'zod';
import { updateTodo } from '../../services/todos/update-todo.ts';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `complete_todo`: idempotent; answers id, title and completed. */
export function registerCompleteTodo({ server, db, deps, userId }: McpToolContext): void {
  server.registerTool(
    'complete_todo',
    {
      title: 'Complete a to-do',
      description: 'Marks one of the user’s to-dos done (or open again with completed: false).',
      inputSchema: { id: z.string().uuid(), completed: z.boolean().default(true) },
      annotations: { idempotentHint: true },
    },
    guardTool('complete_todo', async ({ id, completed }) => {
      const todo = await updateTodo(db, userId, id, { completed }, deps);
      return json({ id: todo.id, title: todo.title, completed: todo.completed });
    }),
  );
}
