/** MCP tool `search_meetings`: the user's meetings matching words, newest first. */
import { z } from 'zod';
import { maxText } from '@summy/core';
import { listMeetings } from '../../services/meetings/list-meetings.ts';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `search_meetings` (read): id, title, date, duration (min) and participants. */
export function registerSearchMeetings({ server, db, userId }: McpToolContext): void {
  server.registerTool(
    'search_meetings',
    {
      title: 'Search meetings',
      description:
        'Meetings whose title contains the text, or whose title, transcript or summary holds every word (stemmed), newest first.',
      inputSchema: {
        query: maxText(200).min(1).describe('Words to look for'),
        limit: z.number().int().min(1).max(50).default(10),
      },
      annotations: { readOnlyHint: true },
    },
    guardTool('search_meetings', async ({ query, limit }) => {
      const page = await listMeetings(db, userId, { search: query, limit });
      return json({
        meetings: page.items.map((m) => ({
          id: m.id,
          title: m.title,
          date: m.date,
          durationMinutes: m.duration,
          participants: m.participants,
        })),
      });
    }),
  );
}
