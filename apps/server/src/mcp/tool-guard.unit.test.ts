/** Every MCP tool call's guard: NUL refused before the tool runs, failures in plain words. */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardTool, TOOL_FAILED_MESSAGE } from './tool-guard.ts';
import { NotFoundError, ValidationError } from '../errors/app-errors.ts';

const said = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe('guardTool', () => {
  it('refuses NUL in any argument, nested too, without running the tool', async () => {
    let ran = false;
    const tool = guardTool('t', async (_args: unknown) => {
      ran = true;
      return { content: [] };
    });
    const answer = await tool({ title: 'ok', tags: ['x', 'a\u0000b'] }, {});
    expect(answer.isError).toBe(true);
    expect(said(answer)).toBe('Text must not contain NUL (\\u0000) characters (at tags.1).');
    expect(ran).toBe(false);
  });

  it('answers a database error in plain words, never the query or its parameters', async () => {
    const tool = guardTool('t', async () => {
      throw new DrizzleQueryError('select 1 where user_id = $1', ['user-17'], new Error('boom'));
    });
    const answer = await tool({}, {});
    expect(answer).toEqual({
      content: [{ type: 'text', text: TOOL_FAILED_MESSAGE }],
      isError: true,
    });
  });

  it('answers our typed errors with their message and details', async () => {
    const missing = guardTool('t', async () => {
      throw new NotFoundError('Meeting');
    });
    expect(said(await missing({}, {}))).toBe('Not found: Meeting not found');
    const invalid = guardTool('t', async () => {
      throw new ValidationError([{ path: 'title', message: 'At most 5 characters' }]);
    });
    expect(said(await invalid({}, {}))).toBe('Invalid request: title: At most 5 characters');
  });
});
