/**
 * Bounded JSON log lines: what a huge error or array becomes, and the request/job context; the
 * choice of JSON or readable lines (LOG_FORMAT, a terminal) and what the readable ones say.
 */
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boundLine,
  chooseLogFormat,
  createLogger,
  LOG_LINE_MAX,
  LOG_STRING_MAX,
  setLogDestination,
  setLogFormat,
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

describe('log format', () => {
  afterEach(() => setLogFormat('json'));

  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    // loadEnv refuses any other value; until then it counts as unset.
    expect(chooseLogFormat('', true)).toBe('pretty');
  });

  it('writes readable lines: time, level, message, fields on the line, the error stack', async () => {
    await setLogFormat('pretty');
    const { logger, raw } = capture();
    withLogContext({ reqId: 'r-1' }, () => {
      logger.info({ url: 'http://localhost:3000' }, 'Summy is running');
      logger.info(
        { method: 'GET', path: '/api/meetings', status: 200, durationMs: 3.1 },
        'request',
      );
      logger.error({ err: new TypeError('boom') }, '[server] failed');
    });
    // Colours or not (they follow the terminal), the text is the same.
    const text = stripVTControlCharacters(raw.join(''));
    const [running, request, failed] = raw.map((l) => stripVTControlCharacters(l));
    expect(running).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Summy is running \{"reqId":"r-1","url":"http:\/\/localhost:3000"\}\n$/,
    );
    expect(request).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/meetings 200 3\.1 ms \{"reqId":"r-1"\}\n$/,
    );
    expect(failed).toMatch(/ERROR: \[server\] failed/);
    expect(failed).toMatch(/TypeError: boom\n\s+at /);
    expect(text).not.toMatch(/"pid"|"hostname"|"level"/);

    // Back to JSON.
    await setLogFormat('json');
    logger.info('again');
    expect(JSON.parse(raw.at(-1)!)).toMatchObject({ level: 'info', msg: 'again' });
  });
});
