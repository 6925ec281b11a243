/**
 * NUL characters and oversized text on every write: each JSON write route of the OpenAPI document
 * gets a body with NUL in every string field, then each of its fields with a maxLength gets one
 * character too many; each MCP tool gets the same. All answer a 400-class error in plain words
 * (never a database error), and no log line carries an API key's material.
 */
import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, startTestServer, type Client } from './harness.ts';
import { watchLogLines } from './log-lines.ts';
import {
  buildBody,
  plausibleString,
  stringFields,
  type Schema,
  type StringField,
} from './schema-bodies.ts';
import type { RunningServer } from '../src/server.ts';

const NUL_TEXT = 'a\u0000b';
/** Statuses a refused write may answer: never 500, never a success. */
const REFUSALS = [400, 404, 409, 413, 422];

let server: RunningServer;
let alice: Client;
let doc: Schema;
let mcp: McpClient;
/** Ids of real rows, by the first segment of the path that takes them. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Walker');
  ids.meetings = (await alice.post('/api/meetings', { title: 'Walked' })).body.id;
  ids.todos = (await alice.post('/api/todos', { title: 'Walked' })).body.id;
  ids.chats = (await alice.post('/api/chats', {})).body.id;
  ids['meeting-groups'] = (await alice.post('/api/meeting-groups', { name: 'Walked' })).body.id;
  doc = (await alice.get('/api/openapi.json')).body;
  const key = (await alice.post('/api/api-keys', { name: 'Walker', scope: 'read-write' })).body
    .key as string;
  mcp = new McpClient({ name: 'nul-walker', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

/** A JSON write operation of the OpenAPI document. */
interface WriteOperation {
  method: string;
  path: string;
  schema: Schema;
}

function writeOperations(): WriteOperation[] {
  const ops: WriteOperation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete']) {
      const schema = item[method]?.requestBody?.content?.['application/json']?.schema;
      if (schema) ops.push({ method: method.toUpperCase(), path, schema });
    }
  }
  return ops;
}

// The path with real ids where the walk made rows of that kind, a random id elsewhere.
function concretePath(path: string): string {
  const first = path.split('/')[2] ?? '';
  // A position ('{index}') is a number, so the body is what the route refuses.
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' ? (ids[first] ?? randomUUID()) : name === 'index' ? '0' : 'x',
  );
}

const samePath = (a: string[], b: string[]) => a.join('.') === b.join('.');

/** What is wrong with an answer to a refused write, or null when it is a plain refusal. */
function refusalProblem(status: number, body: any): string | null {
  if (!REFUSALS.includes(status)) return `answered ${status}`;
  if (typeof body?.error !== 'string' || !body.error) return 'answered no error message';
  const text = JSON.stringify(body);
  if (/failed query|params:/i.test(text)) return `answered a database error: ${text}`;
  if (text.includes(alice.userId)) return 'answered the user id';
  return null;
}

/** `schema`'s body with `value` in `field` and plausible values in every other field. */
function bodyWith(schema: Schema, docOf: Schema, field: StringField, value: string): any {
  return buildBody(schema, docOf, (s, path) =>
    samePath(path, field.path) ? value : plausibleString(s, { uuid: ids.meetings! }),
  );
}

describe('NUL and oversized text on every JSON write route', () => {
  it('refuses NUL in each string field with a 400-class error naming it', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const op of writeOperations()) {
      // Every string at once (record keys among them), then one field at a time.
      const bodies = [
        { where: '(all)', body: buildBody(op.schema, doc, () => NUL_TEXT) },
        ...stringFields(op.schema, doc).map((field) => ({
          where: field.path.join('.'),
          body: bodyWith(op.schema, doc, field, NUL_TEXT),
        })),
      ];
      for (const { where, body } of bodies) {
        if (!JSON.stringify(body).includes('\\u0000')) continue;
        walked++;
        const res = await alice.request(op.method, concretePath(op.path), body);
        const problem = refusalProblem(res.status, res.body);
        if (problem) problems.push(`${op.method} ${op.path} ${where} ${problem}`);
        else if (res.status === 400 && !JSON.stringify(res.body.details).includes('NUL')) {
          problems.push(`${op.method} ${op.path} ${where} answered 400 without naming NUL`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThan(100);
  });

  it('refuses a field one character over its maxLength, naming the field', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const op of writeOperations()) {
      for (const field of stringFields(op.schema, doc)) {
        if (field.maxLength === undefined) continue;
        walked++;
        const body = bodyWith(op.schema, doc, field, 'a'.repeat(field.maxLength + 1));
        const res = await alice.request(op.method, concretePath(op.path), body);
        const where = `${op.method} ${op.path} ${field.path.join('.')}`;
        const problem = refusalProblem(res.status, res.body);
        if (problem) problems.push(`${where} ${problem}`);
        else if (
          res.status === 400 &&
          !JSON.stringify(res.body.details).includes(`"${field.path.join('.')}"`)
        ) {
          problems.push(`${where} answered 400 without naming the field`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThan(40);
  });

  it('logs no key material when an API key’s name holds NUL', async () => {
    const lines = watchLogLines();
    try {
      const res = await alice.post('/api/api-keys', { name: NUL_TEXT, scope: 'read' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Invalid request' });
      expect(JSON.stringify(res.body.details)).toContain('NUL');
      const keys = (await alice.get('/api/api-keys')).body.keys as { name: string }[];
      expect(keys.map((k) => k.name)).toEqual(['Walker']);
      const written = lines().map((l) => JSON.stringify(l));
      expect(written.filter((l) => /summy_|[0-9a-f]{64}|Failed query/.test(l))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('NUL and oversized text on every MCP tool', () => {
  const text = (r: Awaited<ReturnType<McpClient['callTool']>>) =>
    (r.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

  it('answers a tool error in plain words for NUL in each string argument', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    let walked = 0;
    for (const tool of tools) {
      for (const field of stringFields(tool.inputSchema, {})) {
        walked++;
        const args = bodyWith(tool.inputSchema, {}, field, NUL_TEXT);
        const answer = await mcp.callTool({ name: tool.name, arguments: args });
        const said = text(answer);
        const where = `${tool.name} ${field.path.join('.')}`;
        if (answer.isError !== true) problems.push(`${where} did not refuse: ${said}`);
        else if (/failed query|params:/i.test(said) || said.includes(alice.userId)) {
          problems.push(`${where} answered a database error: ${said}`);
        } else if (!/NUL|Invalid (UUID|option)/.test(said)) problems.push(`${where} said: ${said}`);
      }
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(10);
  });

  it('answers a meeting resource of a NUL or malformed id in plain words', async () => {
    for (const id of ['a%00b', 'not-an-id']) {
      const read = mcp.readResource({ uri: `summy://meetings/${id}` });
      await expect(read).rejects.toThrow(/Not found: Meeting not found/);
      await expect(read).rejects.not.toThrow(/Failed query|params:/);
    }
  });

  it('refuses an argument one character over its maxLength, naming it', async () => {
    const { tools } = await mcp.listTools();
    const problems: string[] = [];
    let walked = 0;
    for (const tool of tools) {
      for (const field of stringFields(tool.inputSchema, {})) {
        if (field.maxLength === undefined) continue;
        walked++;
        const args = bodyWith(tool.inputSchema, {}, field, 'a'.repeat(field.maxLength + 1));
        const answer = await mcp.callTool({ name: tool.name, arguments: args });
        const said = text(answer);
        const where = `${tool.name} ${field.path.join('.')}`;
        if (answer.isError !== true || !said.includes(field.path.join('.'))) {
          problems.push(`${where}: ${said}`);
        } else if (!/at most \d+ characters/i.test(said)) problems.push(`${where} said: ${said}`);
      }
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(5);
  });
});
