/** MCP tool `get_meeting`: one meeting's notes without its transcript. */
import { z } from 'zod';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/**
 * Registers `get_meeting` (read): the exported meeting less its turns, the user's My notes as
 * Markdown (`notes`, null without); not found in plain words.
 */
export function registerGetMeeting({ server, exported }: McpToolContext): void {
  server.registerTool(
    'get_meeting',
    {
      title: 'Get a meeting',
      description:
        "A meeting's title, date, attendees, speakers, topics, summary (Markdown), the user's own notes (Markdown, or null) and action items, and its link in Summy.",
      inputSchema: { id: z.string().uuid().describe('Meeting id') },
      annotations: { readOnlyHint: true },
    },
    guardTool('get_meeting', async ({ id }) => {
      const { turns: _turns, notes, ...m } = await exported(id);
      return json({ ...m, notes: notes?.markdown ?? null });
    }),
  );
}
