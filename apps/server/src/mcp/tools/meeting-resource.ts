/** MCP resource `summy://meetings/{id}`: a meeting as Markdown, and the list of recent ones. */
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { toMarkdown } from '../../services/export/text-formats.ts';
import { listMeetings } from '../../services/meetings/list-meetings.ts';
import { NotFoundError } from '../../errors/app-errors.ts';
import { toolFailureMessage } from '../tool-guard.ts';
import type { McpToolContext } from './context.ts';

/** Registers the `meeting` resource: the 50 newest listed; a failure thrown in plain words. */
export function registerMeetingResource({ server, db, userId, exported }: McpToolContext): void {
  server.registerResource(
    'meeting',
    new ResourceTemplate('summy://meetings/{id}', {
      list: async () => ({
        resources: (await listMeetings(db, userId, { limit: 50 })).items.map((m) => ({
          uri: `summy://meetings/${m.id}`,
          name: m.title,
          mimeType: 'text/markdown',
          description: `Meeting of ${m.date}`,
        })),
      }),
    }),
    { title: 'Meeting notes', description: 'A meeting as Markdown', mimeType: 'text/markdown' },
    async (uri, { id }) => {
      // A resource has no tool error: a failure is thrown, in the same plain words.
      try {
        // Not a UUID (a NUL among them): no such meeting, rather than the database's error.
        const meetingId = z.string().uuid().safeParse(id);
        if (!meetingId.success) throw new NotFoundError('Meeting');
        const text = toMarkdown(await exported(meetingId.data));
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
      } catch (err) {
        throw new Error(toolFailureMessage(err, 'meeting resource'));
      }
    },
  );
}
