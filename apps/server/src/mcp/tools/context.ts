/**
 * What each MCP tool module registers with: the request's server, bound to one user, and the
 * helpers the tools share.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AppDeps } from '../../deps.ts';
import { toExportedMeeting, type ExportedMeeting } from '../../services/export/exported-meeting.ts';
import { getMeeting } from '../../services/meetings/get-meeting.ts';
import { readExportNotes } from '../../services/notes/read-notes.ts';

/** The server parts the MCP tools use. */
export type McpDeps = Pick<AppDeps, 'database' | 'env' | 'jobs'>;

/** One request's MCP server and the user it answers for. */
export interface McpToolContext {
  server: McpServer;
  deps: McpDeps;
  userId: string;
  db: AppDeps['database']['db'];
  /**
   * The user's meeting as exported (Markdown-ready, with the user's notes and its link in Summy).
   * @throws NotFoundError when the user has no such meeting
   */
  exported(id: string): Promise<ExportedMeeting>;
}

/** The context of one user's request. */
export function toolContext(server: McpServer, deps: McpDeps, userId: string): McpToolContext {
  const db = deps.database.db;
  return {
    server,
    deps,
    userId,
    db,
    exported: async (id) =>
      toExportedMeeting(
        await getMeeting(db, userId, id),
        deps.env.publicUrl,
        await readExportNotes(db, userId, id),
      ),
  };
}

/** A tool answer holding `value` as pretty JSON text and as structured content. */
export const json = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});
