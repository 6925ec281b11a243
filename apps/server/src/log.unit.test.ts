/** Bounded JSON log lines: what a huge error or array becomes, and the request/job context. */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  boundLine,
  createLogger,
  LOG_LINE_MAX,
  LOG_STRING_MAX,
  setLogDestination,
  truncateString,
  withLogContext,
} from './log.ts';

// A logger writing into an array of parsed lines, with the raw lines beside.
function capture(level: 'info' | 'warn' = 'info') {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const logger = createLogger(stream, level);
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, any>);
  return { logger, raw, lines };
}

describe('log lines', () => {
  it('cuts a long string and says how much was left out', () => {
    expect(truncateString('short')).toBe('short');
    expect(truncateString('x'.repeat(LOG_STRING_MAX + 500))).toBe(
      `${'x'.repeat(LOG_STRING_MAX)}… [500 more characters]`,
    );
  });

  it('writes one JSON object per line with level, time, msg, fields and the error stack', () => {
    const { logger, raw, lines } = capture();
    logger.error({ err: new TypeError('boom'), meetingId: 'm1' }, '[server] failed');
    expect(raw).toHaveLength(1);
    expect(raw[0]!.endsWith('\n')).toBe(true);
    const [line] = lines();
    expect(line).toMatchObject({ level: 'error', msg: '[server] failed', meetingId: 'm1' });
    expect(new Date(line!.time).getTime()).not.toBeNaN();
    expect(line!.err).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(line!.err.stack).toContain('log.unit.test.ts');
  });

  it('keeps an 8 MB error message and a million-item array to a bounded line', () => {
    const { logger, raw, lines } = capture();
    logger.error({ err: new Error('y'.repeat(8 * 1024 * 1024)) }, '[server] failed');
    const missing = Array.from({ length: 1_000_000 }, (_, i) => i);
    logger.warn({ missing }, 'missing chunks');
    logger.info('z'.repeat(100_000));
    for (const line of raw) expect(line.length).toBeLessThanOrEqual(LOG_LINE_MAX + 1);
    const [error, warn, info] = lines();
    expect(error!.err.message).toMatch(/^y+… \[\d+ more characters\]$/);
    expect(warn!.missing).toHaveLength(21);
    expect(warn!.missing[20]).toBe('… 999980 more items');
    expect(info!.msg).toMatch(/more characters\]$/);
  });

  it('shortens a line of many long fields and still writes valid JSON', () => {
    const fields = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`f${i}`, 'q'.repeat(900)]),
    );
    const { logger, raw, lines } = capture();
    logger.warn(fields, 'wide');
    expect(raw[0]!.length).toBeLessThanOrEqual(LOG_LINE_MAX + 1);
    expect(lines()[0]).toMatchObject({ level: 'warn', msg: 'wide', cut: expect.any(String) });
    // A line that is not JSON is kept, cut, as a message.
    expect(JSON.parse(boundLine('x'.repeat(LOG_LINE_MAX * 3))).msg).toMatch(/more characters/);
  });

  it('adds the request or job context to every line written inside it, awaits included', async () => {
    const { logger, lines } = capture();
    await withLogContext({ reqId: 'r-1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('inside');
      withLogContext({ queue: 'meeting.process', jobId: 'j-1' }, () => logger.info('nested'));
    });
    logger.info('outside');
    const [inside, nested, outside] = lines();
    expect(inside!.reqId).toBe('r-1');
    expect(nested).toMatchObject({ reqId: 'r-1', queue: 'meeting.process', jobId: 'j-1' });
    expect(outside!.reqId).toBeUndefined();
  });

  it('writes nothing below its level', () => {
    const { logger, raw } = capture('warn');
    logger.info('hidden');
    logger.warn('shown');
    expect(raw).toHaveLength(1);
  });

  it('writes to the destination the CLI sets instead of stdout', () => {
    const raw: string[] = [];
    setLogDestination(
      new Writable({
        write(chunk, _encoding, done) {
          raw.push(String(chunk));
          done();
        },
      }),
    );
    try {
      createLogger().warn({ file: 'a.wav' }, 'import failed');
    } finally {
      setLogDestination(process.stdout);
    }
    expect(raw.map((l) => JSON.parse(l))).toMatchObject([{ msg: 'import failed', file: 'a.wav' }]);
  });

  it('writes no failed query parameters, key material or key values of PostgreSQL', () => {
    const { logger, raw, lines } = capture();
    const hash = 'ab'.repeat(32);
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      detail: `Key (hash)=(${hash}) already exists.`,
    });
    const err = new DrizzleQueryError(
      'insert into "api_keys" ("user_id", "name", "prefix", "hash") values ($1, $2, $3, $4)',
      ['user-17', 'a\u0000b', 'summy_Ab3dEf', hash],
      cause,
    );
    logger.error({ err, hash, prefix: 'summy_Ab3dEf' }, '[server] unhandled error');
    logger.error(`${err.message}`);
    expect(raw).toHaveLength(2);
    for (const line of raw) {
      expect(line).not.toMatch(/user-17|summy_Ab3dEf|a\\u0000b/);
      expect(line).not.toContain(hash);
    }
    const [first, second] = lines();
    expect(first!.err.message).toBe(
      'Failed query: insert into "api_keys" ("user_id", "name", "prefix", "hash") values ($1, $2, $3, $4)\nparams: [redacted]: invalid byte sequence for encoding "UTF8": 0x00',
    );
    expect(first!.err.stack).toContain('params: [redacted]\n    at ');
    expect(first!).toMatchObject({ hash: '[redacted]', prefix: '[redacted]' });
    expect(second!.msg).toMatch(/\nparams: \[redacted\]$/);
  });
});
