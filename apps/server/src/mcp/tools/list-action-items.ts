/** MCP tool `list_action_items`: the user's to-dos by status, owner and meeting. */
import { z } from 'zod';
import { maxText } from '@summy/core';
import { listTodos } from '../../services/todos/list-todos.ts';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `list_action_items` (read): open, done or all; owner matched case-insensitively. */
export function registerListActionItems({ server, db, userId }: McpToolContext): void {
  server.registerTool(
    'list_action_items',
    {
      title: 'List action items',
      description:
        "The user's action items (to-dos) with owner, status and meeting: open, done or all, optionally one owner's.",
      inputSchema: {
        status: z.enum(['open', 'done', 'all']).default('open'),
        owner: maxText(200).optional().describe('Owner name, case-insensitive'),
        meetingId: z.string().uuid().optional(),
      },
      annotations: { readOnlyHint: true },
    },
    guardTool('list_action_items', async ({ status, owner, meetingId }) => {
      const todos = await listTodos(db, userId, { meetingId });
      const wanted = owner?.trim().toLowerCase();
      return json({
        actionItems: todos
          .filter((t) => status === 'all' || t.completed === (status === 'done'))
          .filter((t) => !wanted || t.assignedTo?.toLowerCase() === wanted)
          .map((t) => ({
            id: t.id,
            title: t.title,
            owner: t.assignedTo,
            completed: t.completed,
            dueDate: t.dueDate,
            meetingId: t.meetingId,
            meetingTitle: t.meetingTitle,
          })),
      });
    }),
  );
}
