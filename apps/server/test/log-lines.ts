/** Reads the server's log lines in a test: pino writes them to stdout as JSON (src/log.ts). */
import { vi } from 'vitest';

/** One parsed log line. */
export type LogLine = Record<string, any>;

/**
 * Watches stdout from now until `vi.restoreAllMocks()`: returns the log lines seen so far. Every
 * write still reaches stdout; what is not JSON (another writer's text) is skipped.
 */
export function watchLogLines(): () => LogLine[] {
  const seen: LogLine[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    for (const text of String(chunk).split('\n').filter(Boolean)) {
      try {
        seen.push(JSON.parse(text) as LogLine);
      } catch {
        // Not a log line.
      }
    }
    return write(chunk);
  }) as typeof process.stdout.write);
  return () => seen;
}
