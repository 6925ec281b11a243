/**
 * The parts of the metrics a real server cannot reach from a test: a scrape from another
 * machine's address, the METRICS_* settings' validation, and how job failures and model download
 * bytes are counted.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { ModelDownloadCancelledError } from '../models/errors.ts';
import { metricsAccess, isLoopbackAddress } from './access.ts';
import { jobFailures, modelDownloads } from './definitions.ts';
import { statusClass } from './http.ts';
import { observeJob } from './jobs.ts';
import { observeModelDownload } from './models.ts';

const TOKEN = 'a-token-of-sixteen-chars';

/** The current value of a counter's series with exactly these labels (0 when absent). */
async function counterValue(
  counter: { get(): Promise<{ values: { labels: object; value: number }[] }> },
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await counter.get();
  const match = values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels));
  return match?.value ?? 0;
}

describe('metrics access', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    'lets loopback peer %s in without a token',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
      expect(metricsAccess({ authorization: undefined, remoteAddress: address }, undefined)).toBe(
        'allowed',
      );
    },
  );

  it.each(['10.0.0.2', '192.168.1.5', '::ffff:10.0.0.2', 'fe80::1', '2001:db8::1', 'bogus', ''])(
    'turns peer %s away without a token, whatever header it sends',
    (address) => {
      const request = { authorization: `Bearer ${TOKEN}`, remoteAddress: address };
      expect(metricsAccess(request, undefined)).toBe('forbidden');
    },
  );

  it('asks every peer, loopback too, for the token once one is set', () => {
    const from = (authorization: string | undefined, remoteAddress = '10.0.0.2') =>
      metricsAccess({ authorization, remoteAddress }, TOKEN);
    expect(from(undefined, '127.0.0.1')).toBe('unauthorized');
    expect(from(undefined)).toBe('unauthorized');
    expect(from(`Bearer ${TOKEN}x`)).toBe('unauthorized');
    expect(from(`Basic ${TOKEN}`)).toBe('unauthorized');
    expect(from(TOKEN)).toBe('unauthorized');
    expect(from(`Bearer ${TOKEN}`)).toBe('allowed');
    expect(from(`bearer  ${TOKEN}`)).toBe('allowed');
  });
});

describe('METRICS_* settings', () => {
  it('are off by default, without a token', () => {
    expect(loadEnv({ AUTH_SECRET: 'x'.repeat(32) }).metrics).toEqual({
      enabled: false,
      token: undefined,
    });
  });

  it('take a token and refuse a short or spaced one, naming it', () => {
    const env = (extra: Record<string, string>) =>
      loadEnv({ AUTH_SECRET: 'x'.repeat(32), ...extra });
    expect(env({ METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      enabled: true,
      token: TOKEN,
    });
    expect(() => env({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => env({ METRICS_TOKEN: 'a token with spaces' })).toThrow(/METRICS_TOKEN/);
    expect(() => env({ METRICS_ENABLED: 'yes' })).toThrow(/METRICS_ENABLED must be true or false/);
  });
});

describe('job metrics', () => {
  it('count each failed job of a per-job batch, final when dead-lettered or out of tries', async () => {
    const queue = `unit.${Date.now()}`;
    const batch = [
      { id: 'a', retryCount: 0, retryLimit: 2 },
      { id: 'b', retryCount: 0, retryLimit: 2 },
      { id: 'c', retryCount: 2, retryLimit: 2 },
      { id: 'd', retryCount: 0, retryLimit: 2 },
    ];
    const answer = [
      { id: 'a', status: 'completed' },
      { id: 'b', status: 'deadletter' },
      { id: 'c', status: 'failed' },
      // 'd' left out: pg-boss fails it.
    ];
    expect(await observeJob(queue, batch, true, async () => answer)).toBe(answer);
    expect(await counterValue(jobFailures, { queue, final: 'true' })).toBe(2);
    expect(await counterValue(jobFailures, { queue, final: 'false' })).toBe(1);
    const boom = new Error('boom');
    await expect(observeJob(queue, batch, false, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(await counterValue(jobFailures, { queue, final: 'true' })).toBe(3);
    expect(await counterValue(jobFailures, { queue, final: 'false' })).toBe(4);
  });

  it('label statuses by class', () => {
    const classes = [200, 204, 301, 404, 429, 503].map(statusClass);
    expect(classes.join(' ')).toBe('2xx 2xx 3xx 4xx 4xx 5xx');
  });
});

describe('model download metrics', () => {
  /** A download whose progress and end the test drives. */
  function download(model: string) {
    const listeners = new Set<(p: { receivedBytes: number }) => void>();
    let settle!: { resolve: () => void; reject: (err: unknown) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    done.catch(() => undefined);
    return {
      id: model,
      done,
      settle,
      report: (receivedBytes: number) => listeners.forEach((l) => l({ receivedBytes })),
      onProgress(listener: (p: { receivedBytes: number }) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }

  it('count new bytes only: not what a resume had, anew after a restart from 0', async () => {
    const model = `unit-${Date.now()}`;
    const d = download(model);
    observeModelDownload(d);
    d.report(1000); // the kept partial file
    d.report(1500);
    d.report(400); // the mirror ignored the range: from 0 again
    d.report(900);
    d.settle.resolve();
    await d.done;
    d.report(5000); // after the end: no longer listened to
    expect(await counterValue(modelDownloads.bytes, { model })).toBe(500 + 400 + 500);
  });

  it('count a failure but not a pause or a cancel', async () => {
    const model = `unit-${Date.now()}-f`;
    for (const err of [
      new ModelDownloadCancelledError(model, true),
      new ModelDownloadCancelledError(model, false),
      new Error('checksum mismatch'),
    ]) {
      const d = download(model);
      observeModelDownload(d);
      d.settle.reject(err);
      await d.done.catch(() => undefined);
    }
    expect(await counterValue(modelDownloads.failed, { model })).toBe(1);
  });
});
