/**
 * Summy's MCP server: a user's meetings for AI assistants (Claude Desktop, Cursor, …) over the
 * Model Context Protocol's Streamable HTTP transport (spec 2025-06-18), served statelessly at
 * `/mcp` by `@modelcontextprotocol/sdk`: each request gets its own server bound to the API key's
 * user. Tools call the same services as the REST routes, each through tool-guard.ts (NUL in the
 * arguments refused, failures answered in plain words, never a database error); write tools exist
 * only for a read-write key. docs/product.md#mcp.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { maxText, type ApiKeyScope } from '@summy/core';
import type { AppDeps } from '../deps.ts';
import { answerQuestion } from '../services/assistant/answer-question.ts';
import { toExportedMeeting } from '../services/export/exported-meeting.ts';
import { toMarkdown } from '../services/export/text-formats.ts';
import { getMeeting } from '../services/meetings/get-meeting.ts';
import { listMeetings } from '../services/meetings/list-meetings.ts';
import { createTodo } from '../services/todos/create-todo.ts';
import { listTodos } from '../services/todos/list-todos.ts';
import { updateTodo } from '../services/todos/update-todo.ts';
import { guardTool, toolFailureMessage } from './tool-guard.ts';
import { NotFoundError } from '../errors/app-errors.ts';

/** Transcript turns answered per `get_transcript` page at most. */
export const TRANSCRIPT_PAGE_MAX = 200;

const json = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});

/**
 * A server for one request of one user.
 * @param scope the API key's: 'read' leaves out `create_todo` and `complete_todo`
 */
export function createMcpServer(
  deps: Pick<AppDeps, 'database' | 'env' | 'jobs'>,
  userId: string,
  scope: ApiKeyScope,
): McpServer {
  const db = deps.database.db;
  const server = new McpServer(
    { name: 'summy', version: '1.0.0' },
    {
      instructions:
        "Summy holds the user's recorded meetings: transcripts with speakers and times, summaries, action items. Search first, then read a meeting or its transcript; ask_meetings answers with citations.",
    },
  );
  const exported = async (id: string) =>
    toExportedMeeting(await getMeeting(db, userId, id), deps.env.publicUrl);

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

  server.registerTool(
    'ask_meetings',
    {
      title: 'Ask about meetings',
      description:
        "Summy's meeting assistant: an answer from the user's meetings (all, or the given ones) with numbered citations of the passages it used.",
      inputSchema: {
        question: maxText(2000).min(1),
        meetingIds: z.array(z.string().uuid()).max(50).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    guardTool('ask_meetings', async ({ question, meetingIds }, extra) => {
      const answer = await answerQuestion(
        { db, env: deps.env },
        userId,
        { content: question, context: { type: 'meeting', meetingIds: meetingIds ?? [] } },
        {},
        extra.signal,
      );
      return json({
        answer: answer.response,
        model: answer.model,
        citations: answer.citations.map((c) => ({
          ref: c.ref,
          meetingId: c.meetingId,
          meetingTitle: c.meetingTitle,
          section: c.section,
          speaker: c.speaker,
          start: c.start,
          text: c.text,
        })),
      });
    }),
  );

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

  if (scope !== 'read-write') return server;

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
  return server;
}
