/** MCP tool `get_meeting`: one meeting's notes without its transcript. */
import { z } from 'zod';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `get_meeting` (read): the exported meeting less its turns; not found in plain words. */
export function registerGetMeeting({ server, exported }: McpToolContext): void {
  server.registerTool(
    'get_meeting',
    {
      title: 'Get a meeting',
      description:
        "A meeting's title, date, attendees, speakers, topics, summary (Markdown) and action items, and its link in Summy.",
      inputSchema: { id: z.string().uuid().describe('Meeting id') },
      annotations: { readOnlyHint: true },
    },
    guardTool('get_meeting', async ({ id }) => {
      const { turns: _turns, ...m } = await exported(id);
      return json(m);
    }),
  );
}
