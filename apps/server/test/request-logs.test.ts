/**
 * Server logs of a real server: each request's id is answered in X-Request-Id and carried by every
 * line written while it is handled (its access line, a 500's error); a sane incoming id is kept, a
 * malformed one replaced; the web app's files get access lines at debug, not info; LOG_LEVEL is
 * validated and filters lines.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { Client, signUp, startTestServer } from './harness.ts';
import { watchLogLines, type LogLine } from './log-lines.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids in logs', () => {
  let server: RunningServer;
  let lines: () => LogLine[];
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' });
  });
  afterAll(() => server?.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

  it('answers a new id and writes one access line with it, the path without its query', async () => {
    lines = watchLogLines();
    const res = await new Client(server.url).get('/api/health?token=secret');
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(UUID);
    const access = linesOf(reqId).filter((line) => line.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/api/health',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(lines())).not.toContain('secret');
    // Another request, another id.
    const next = await new Client(server.url).get('/api/health');
    expect(next.headers.get('x-request-id')).not.toBe(reqId);
  });

  it('keeps a sane incoming id and replaces a malformed one', async () => {
    lines = watchLogLines();
    const client = new Client(server.url);
    const sane = 'edge-7f3a.B_9';
    const kept = await client.request('GET', '/api/health', undefined, { 'X-Request-Id': sane });
    expect(kept.headers.get('x-request-id')).toBe(sane);
    expect(linesOf(sane).map((line) => line.msg)).toContain('request');
    for (const bad of ['has space', 'a/b', 'x'.repeat(65), 'ünïcode', '{"json":1}']) {
      const res = await client.request('GET', '/api/health', undefined, { 'X-Request-Id': bad });
      const reqId = res.headers.get('x-request-id')!;
      expect(reqId, bad).toMatch(UUID);
      expect(linesOf(reqId)).toHaveLength(1);
    }
    expect(lines().some((line) => line.reqId === 'has space')).toBe(false);
  });

  it('logs an unhandled error of a request with its stack and the request id', async () => {
    const user = await signUp(server);
    // A database fault the routes do not expect: the meetings table is gone.
    await server.database.query('alter table meetings rename to meetings_gone');
    lines = watchLogLines();
    try {
      const res = await user.get('/api/meetings');
      expect(res.status).toBe(500);
      const reqId = res.headers.get('x-request-id')!;
      expect(reqId).toMatch(UUID);
      const mine = linesOf(reqId);
      const error = mine.find((line) => line.level === 'error');
      expect(error).toMatchObject({
        msg: '[server] unhandled error',
        err: { type: expect.any(String) },
      });
      expect(error!.err.stack).toMatch(/meetings/);
      expect(mine.find((line) => line.msg === 'request')).toMatchObject({ status: 500 });
    } finally {
      await server.database.query('alter table meetings_gone rename to meetings');
    }
  });
});

describe("the web app's files", () => {
  it('are logged at debug, so that info shows the API requests alone', async () => {
    // A built web app: its page, a hashed script, the service worker, an icon.
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'summy-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Summy</title>');
    writeFileSync(path.join(webDir, 'assets/index-4f2a.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(webDir, 'icon-192.png'), 'png');
    const server = await startTestServer({ LOG_LEVEL: 'debug', WEB_DIR: webDir });
    try {
      const lines = watchLogLines();
      const client = new Client(server.url);
      const files = ['/', '/assets/index-4f2a.js', '/sw.js', '/icon-192.png', '/meetings/42'];
      for (const file of files) expect((await client.get(file)).status, file).toBe(200);
      await client.get('/api/health');
      await client.get('/api/no-such-route');
      const access = lines().filter((line) => line.msg === 'request');
      expect(access.filter((line) => line.level === 'info').map((line) => line.path)).toEqual([
        '/api/health',
        '/api/no-such-route',
      ]);
      expect(access.filter((line) => line.level === 'debug').map((line) => line.path)).toEqual(
        files,
      );
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});

describe('LOG_LEVEL', () => {
  it('refuses a level it does not know', async () => {
    await expect(startTestServer({ LOG_LEVEL: 'loud' })).rejects.toThrow(
      'Invalid backend configuration: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent',
    );
  });

  it('leaves out the access lines at warn', async () => {
    const server = await startTestServer({ LOG_LEVEL: 'warn' });
    try {
      const lines = watchLogLines();
      const res = await new Client(server.url).get('/api/health');
      expect(res.headers.get('x-request-id')).toMatch(UUID);
      expect(lines().filter((line) => line.msg === 'request')).toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});
