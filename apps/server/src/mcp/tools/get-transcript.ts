/** MCP tool `get_transcript`: a meeting's transcript turns, a page at a time. */
import { z } from 'zod';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Transcript turns answered per `get_transcript` page at most. */
export const TRANSCRIPT_PAGE_MAX = 200;

/**
 * Registers `get_transcript` (read): turns from `offset` (0-based), at most `limit`, with
 * `nextOffset` (null on the last page); times in seconds.
 */
export function registerGetTranscript({ server, exported }: McpToolContext): void {
  server.registerTool(
    'get_transcript',
    {
      title: 'Get a transcript',
      description: `A meeting's transcript turns with speaker names and start/end times (s), in pages of at most ${TRANSCRIPT_PAGE_MAX} turns.`,
      inputSchema: {
        id: z.string().uuid(),
        offset: z.number().int().min(0).default(0).describe('First turn (0-based)'),
        limit: z.number().int().min(1).max(TRANSCRIPT_PAGE_MAX).default(100),
      },
      annotations: { readOnlyHint: true },
    },
    guardTool('get_transcript', async ({ id, offset, limit }) => {
      const m = await exported(id);
      const turns = m.turns.slice(offset, offset + limit);
      return json({
        meetingId: id,
        total: m.turns.length,
        offset,
        nextOffset: offset + turns.length < m.turns.length ? offset + turns.length : null,
        turns: turns.map((t) => ({ speaker: t.speaker, start: t.start, end: t.end, text: t.text })),
      });
    }),
  );
}
