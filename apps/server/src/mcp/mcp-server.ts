/**
 * Summy's MCP server: a user's meetings for AI assistants (Claude Desktop, Cursor, …) over the
 * Model Context Protocol's Streamable HTTP transport (spec 2025-06-18), served statelessly at
 * `/mcp` by `@modelcontextprotocol/sdk`: each request gets its own server bound to the API key's
 * user. Tools call the same services as the REST routes, each through tool-guard.ts (NUL in the
 * arguments refused, failures answered in plain words, never a database error); write tools exist
 * only for a read-write key. One tool a module, under tools/. docs/product.md#mcp.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiKeyScope } from '@summy/core';
import { toolContext, type McpDeps } from './tools/context.ts';
import { registerSearchMeetings } from './tools/search-meetings.ts';
import { registerGetMeeting } from './tools/get-meeting.ts';
import { registerGetTranscript } from './tools/get-transcript.ts';
import { registerListActionItems } from './tools/list-action-items.ts';
import { registerAskMeetings } from './tools/ask-meetings.ts';
import { registerMeetingResource } from './tools/meeting-resource.ts';
import { registerCreateTodo } from './tools/create-todo.ts';
import { registerCompleteTodo } from './tools/complete-todo.ts';

export { TRANSCRIPT_PAGE_MAX } from './tools/get-transcript.ts';

/** The tools every key gets, in the order they are listed. */
const readTools = [
  registerSearchMeetings,
  registerGetMeeting,
  registerGetTranscript,
  registerListActionItems,
  registerAskMeetings,
  registerMeetingResource,
];

/** The tools only a read-write key gets. */
const writeTools = [registerCreateTodo, registerCompleteTodo];

/**
 * A server for one request of one user.
 * @param scope the API key's: 'read' leaves out `create_todo` and `complete_todo`
 */
export function createMcpServer(deps: McpDeps, userId: string, scope: ApiKeyScope): McpServer {
  const server = new McpServer(
    { name: 'summy', version: '1.0.0' },
    {
      instructions:
        "Summy holds the user's recorded meetings: transcripts with speakers and times, summaries, action items. Search first, then read a meeting or its transcript; ask_meetings answers with citations.",
    },
  );
  const context = toolContext(server, deps, userId);
  for (const register of readTools) register(context);
  if (scope === 'read-write') for (const register of writeTools) register(context);
  return server;
}
