/**
 * What every MCP tool call goes through, so that no tool answers a database error: arguments with
 * a NUL character (which PostgreSQL cannot store) are refused before the tool runs, our typed
 * errors answer their own plain message, and anything else is logged here (without the failed
 * query's parameters: log.ts) and answered 'Something went wrong on the server'. Each is a tool
 * error (`isError: true`), which the client shows the assistant.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { NUL_MESSAGE, nulPath } from '@summy/core';
import { AppError } from '../errors/app-errors.ts';
import { log } from '../log.ts';

/** The answer to a tool call that failed for something other than its arguments. */
export const TOOL_FAILED_MESSAGE = 'Something went wrong on the server. Please try again.';

/** A tool error answer with `text` as its one content item. */
export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * The plain message of a tool's failure: a typed error's message and details ('Not found: Meeting
 * not found', each validation issue as 'path: message'), else `TOOL_FAILED_MESSAGE` with the
 * error logged.
 */
export function toolFailureMessage(err: unknown, tool: string): string {
  if (err instanceof AppError) {
    const { details } = err;
    if (typeof details === 'string') return `${err.message}: ${details}`;
    if (Array.isArray(details)) {
      const issues = details as { path?: string; message?: string }[];
      return `${err.message}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`;
    }
    return err.message;
  }
  log.error({ err, tool }, '[mcp] tool failed');
  return TOOL_FAILED_MESSAGE;
}

/**
 * Wraps a tool's handler: refuses NUL anywhere in its arguments ('Text must not contain NUL
 * (\u0000) characters (at title)'), and turns a thrown error into a tool error in plain words.
 */
export function guardTool<A, E>(
  tool: string,
  handler: (args: A, extra: E) => Promise<CallToolResult>,
): (args: A, extra: E) => Promise<CallToolResult> {
  return async (args, extra) => {
    const at = nulPath(args);
    if (at !== null) return toolError(`${NUL_MESSAGE}${at ? ` (at ${at})` : ''}.`);
    try {
      return await handler(args, extra);
    } catch (err) {
      return toolError(toolFailureMessage(err, tool));
    }
  };
}
