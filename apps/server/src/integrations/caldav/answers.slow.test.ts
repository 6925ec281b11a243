/**
 * The reminders client against a CalDAV server whose answers are well-formed HTTP but not what
 * CalDAV promises: a loopback proxy in front of a real Radicale rewrites chosen answers. Each
 * answer ends in the integration's own error or in a list read sensibly, never in a TypeError or
 * an empty result that hides the failure.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type RunningRadicale } from '@summy/fakes/radicale';
import { connectCaldav, type CaldavPolicy } from './client.ts';
import { RemindersUnavailableError } from './errors.ts';

/** Rewrites one answer: the request, and Radicale's answer with its body as text. */
type Rewrite = (
  req: { method: string; path: string; depth: string | undefined },
  answer: { status: number; type: string; body: string },
) => { status: number; type: string; body: string } | undefined;

const policy: CaldavPolicy = { allowPrivateHosts: true };
let radicale: RunningRadicale;
let proxy: http.Server;
let proxyUrl: string;
let rewrite: Rewrite = () => undefined;

beforeAll(async () => {
  radicale = await startRadicale();
  proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = { ...req.headers } as Record<string, string>;
    delete headers.host;
    // The badly escaped collection path the listing may hand out reaches the real collection.
    const upstream = await fetch(radicale.url + req.url!.replace('/per%ZZsonal/', '/personal/'), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const answer = {
      status: upstream.status,
      type: upstream.headers.get('content-type') ?? '',
      body: await upstream.text(),
    };
    const depth = req.headers.depth as string | undefined;
    const out = rewrite({ method: req.method!, path: req.url!, depth }, answer) ?? answer;
    const location = upstream.headers.get('location');
    res.writeHead(out.status, {
      ...(out.type ? { 'content-type': out.type } : {}),
      ...(location ? { location: location.replace(radicale.url, proxyUrl) } : {}),
      ...(upstream.headers.get('etag') ? { etag: upstream.headers.get('etag')! } : {}),
    });
    res.end(out.body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await radicale?.stop();
});

const login = () =>
  connectCaldav(
    { serverUrl: proxyUrl, username: radicale.username, password: radicale.password },
    policy,
  );

// What a promise rejects with, or null when it resolves.
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

// The depth-1 PROPFIND of the calendar home lists the collections.
const isListing = (req: Parameters<Rewrite>[0]) =>
  req.method === 'PROPFIND' && req.depth === '1' && req.path === `/${radicale.username}/`;

describe('reminders client against malformed CalDAV answers', () => {
  it('answers 502 when the list of lists comes back as an HTML page, not as no lists', async () => {
    const client = await login();
    rewrite = (req) =>
      isListing(req)
        ? { status: 200, type: 'text/html', body: '<html><body>Maintenance</body></html>' }
        : undefined;
    try {
      const failure = await rejection(client.fetchLists());
      expect(failure).toBeInstanceOf(RemindersUnavailableError);
      expect(failure).toMatchObject({
        status: 502,
        message: 'Failed to connect to Apple Reminders',
      });
      expect((failure as RemindersUnavailableError).details).toMatch(
        /^Could not reach the CalDAV server: listing lists: unreadable answer \(PROPFIND .* HTTP 200 text\/html\)$/,
      );
    } finally {
      rewrite = () => undefined;
    }
  });

  it('answers 502 when reading a list answers a web page, not as no reminders', async () => {
    const client = await login();
    const lists = await client.fetchLists();
    rewrite = (req) =>
      req.method === 'REPORT'
        ? { status: 200, type: 'text/html', body: '<html><body>Sign in</body></html>' }
        : undefined;
    try {
      const failure = await rejection(client.fetchReminders(lists));
      expect(failure).toBeInstanceOf(RemindersUnavailableError);
      expect(failure).toMatchObject({
        status: 502,
        message: 'Failed to connect to Apple Reminders',
      });
      expect((failure as RemindersUnavailableError).details).toMatch(
        /^Could not reach the CalDAV server: reading \w+: unreadable answer \(REPORT .*: HTTP 200 text\/html\)$/,
      );
    } finally {
      rewrite = () => undefined;
    }
  });

  it('reads a numeric display name as text and a badly escaped path as it is', async () => {
    const client = await login();
    rewrite = (req, answer) =>
      isListing(req)
        ? {
            ...answer,
            body: answer.body
              .replace(/(<[A-Za-z0-9]*:?displayname>)Work(<)/, '$12025$2')
              .replace(/(<[A-Za-z0-9]*:?displayname>)Personal(<\/[A-Za-z0-9]*:?displayname>)/, '')
              .replaceAll(`/${radicale.username}/personal/`, `/${radicale.username}/per%ZZsonal/`),
          }
        : undefined;
    try {
      const lists = await client.fetchLists();
      expect(lists.map((l) => l.name).sort()).toEqual(['2025', 'per%ZZsonal']);
    } finally {
      rewrite = () => undefined;
    }
  });
});
