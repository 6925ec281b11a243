/**
 * DNS rebinding: the CalDAV client connects to the address its check resolved, not to what the
 * name resolves to a moment later. Two loopback servers on one port (127.0.0.1 and 127.0.0.2)
 * stand for the checked address and the one a rebinding name answers next. An answer without
 * end is cut at the cap.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndlessAnswer } from '../../../test/endless-answer.ts';
import { assertAllowedUrl, CALDAV_ANSWER_CAP, caldavFetch } from './client.ts';
import type { ResolveHost } from '../../net/pinned-fetch.ts';

const hits = { checked: 0, rebound: 0 };
let checked: Server;
let rebound: Server;
let port = 0;

function listen(server: Server, host: string, at: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, host, () => resolve((server.address() as AddressInfo).port));
  });
}

beforeAll(async () => {
  checked = createServer((_req, res) => {
    hits.checked++;
    res.end('checked');
  });
  rebound = createServer((_req, res) => {
    hits.rebound++;
    res.end('rebound');
  });
  port = await listen(checked, '127.0.0.1', 0);
  await listen(rebound, '127.0.0.2', port);
});
afterAll(async () => {
  await new Promise((r) => checked?.close(r));
  await new Promise((r) => rebound?.close(r));
});

/** A name that answers `first` to the first lookup and `then` to every later one. */
function rebinding(first: string, then: string): ResolveHost & { calls: number } {
  const resolve = Object.assign(
    async () => {
      resolve.calls++;
      return [resolve.calls === 1 ? first : then];
    },
    { calls: 0 },
  );
  return resolve;
}

describe('CalDAV connections go to the checked address', () => {
  it('connects to the address the check resolved, asking DNS once', async () => {
    const resolveHost = rebinding('127.0.0.1', '127.0.0.2');
    const fetchDav = caldavFetch({ allowPrivateHosts: true, resolveHost }, { unauthorized: false });
    const res = await fetchDav(`http://caldav.rebind.test:${port}/dav/`, { method: 'PROPFIND' });
    expect(await res.text()).toBe('checked');
    expect(resolveHost.calls).toBe(1);
    expect(hits).toEqual({ checked: 1, rebound: 0 });
  });

  it('checks the address it answers: public first, private later is never used', async () => {
    const resolveHost = rebinding('93.184.216.34', '127.0.0.1');
    const url = new URL('https://caldav.rebind.test/dav/');
    expect(await assertAllowedUrl(url, { allowPrivateHosts: false, resolveHost })).toBe(
      '93.184.216.34',
    );
    expect(resolveHost.calls).toBe(1);
    // The next request resolves again and is checked again: the private answer is refused.
    await expect(assertAllowedUrl(url, { allowPrivateHosts: false, resolveHost })).rejects.toThrow(
      /Invalid request|public address/,
    );
  });
});

describe('CalDAV answers are read up to a cap', () => {
  it('fails a request whose answer never ends, closing the connection past the cap', async () => {
    const endless = await startEndlessAnswer();
    endless.release();
    try {
      const fetchDav = caldavFetch({ allowPrivateHosts: true }, { unauthorized: false });
      await expect(fetchDav(`${endless.url}/dav/`, { method: 'PROPFIND' })).rejects.toMatchObject({
        status: 502,
        details: 'PROPFIND /dav/: the answer is larger than 8 MiB',
      });
      await endless.closedByClient;
      expect(endless.sent).toBeGreaterThan(CALDAV_ANSWER_CAP);
      expect(endless.sent).toBeLessThan(CALDAV_ANSWER_CAP + 32 * 1024 * 1024);
    } finally {
      await endless.close();
    }
  });
});
