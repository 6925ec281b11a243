/**
 * What the real entry point (src/main.ts, as `npm start` runs it) prints when it is stopped: a
 * service manager's SIGTERM or a terminal's Ctrl-C (SIGINT) closes the server, writes "Summy
 * stopped" and exits 0; its lines are JSON when its output is not a terminal, readable with
 * LOG_FORMAT=pretty.
 */
import { expect, it } from 'vitest';
import { spawnSummy, waitHealthy } from './processes.ts';

it(
  'on SIGTERM writes "Summy stopped" as its last JSON line and exits 0',
  { timeout: 120_000 },
  async () => {
    const proc = await spawnSummy({}, { migrated: true });
    try {
      await waitHealthy(proc);
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      const lines = proc
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.at(-2)).toMatchObject({
        level: 'info',
        msg: 'Summy is stopping',
        signal: 'SIGTERM',
      });
      expect(lines.at(-1)).toMatchObject({
        level: 'info',
        msg: 'Summy stopped',
        signal: 'SIGTERM',
      });
    } finally {
      await proc.stop();
    }
  },
);

it(
  'with LOG_FORMAT=pretty writes readable lines, and on SIGINT says it stopped',
  { timeout: 120_000 },
  async () => {
    const proc = await spawnSummy({ LOG_FORMAT: 'pretty' }, { migrated: true });
    try {
      await waitHealthy(proc);
      proc.child.kill('SIGINT');
      expect(await proc.exited).toBe(0);
      const lines = proc.output().trim().split('\n');
      expect(lines.find((line) => line.includes('Summy is running at'))).toMatch(
        /^\[\d\d:\d\d:\d\d\] INFO: Summy is running at http:\/\/127\.0\.0\.1:\d+ \{/,
      );
      expect(lines.find((line) => line.includes('/api/health'))).toMatch(
        /INFO: GET \/api\/health 200 [\d.]+ ms \{"reqId":"[\w-]+"\}$/,
      );
      expect(lines.at(-1)).toMatch(
        /^\[\d\d:\d\d:\d\d\] INFO: Summy stopped \{"signal":"SIGINT"\}$/,
      );
      expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    } finally {
      await proc.stop();
    }
  },
);
