/**
 * Server log lines, cut to a sane length (one failure once logged an 8 MB line, another a million
 * missing chunks in one line). Arguments are formatted as `console.error` would (errors with their
 * stack), with long strings and arrays inside objects shortened, then the whole line is cut to
 * `LOG_LINE_MAX` characters.
 */
import { formatWithOptions } from 'node:util';

/** Longest log line written, in characters; the rest is replaced by a count. */
export const LOG_LINE_MAX = 2_000;

/** `line` cut to `max` characters, with how many were left out. */
export function truncateLine(line: string, max = LOG_LINE_MAX): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… [${line.length - max} more characters]`;
}

/** Formats arguments like `console.log` does, bounded: at most `LOG_LINE_MAX` characters. */
export function formatLogLine(...args: unknown[]): string {
  const line = formatWithOptions(
    { depth: 4, maxArrayLength: 20, maxStringLength: LOG_LINE_MAX },
    ...args,
  );
  return truncateLine(line);
}

/** Bounded `console.error` / `console.warn` / `console.info`; use for anything request data can reach. */
export const log = {
  error: (...args: unknown[]) => console.error(formatLogLine(...args)),
  warn: (...args: unknown[]) => console.warn(formatLogLine(...args)),
  info: (...args: unknown[]) => console.info(formatLogLine(...args)),
};
