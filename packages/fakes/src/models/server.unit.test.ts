/** The loopback model mirror's HTTP semantics, which the model manager's tests rely on. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './server.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-model-mirror-'));
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
let mirror: ModelServer;

beforeAll(async () => {
  writeFileSync(path.join(dir, 'm.onnx'), bytes);
  writeFileSync(path.join(path.dirname(dir), 'outside-mirror.txt'), 'secret');
  mirror = await startModelServer(dir);
});
afterAll(async () => {
  await mirror?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(path.dirname(dir), 'outside-mirror.txt'), { force: true });
});

describe('startModelServer', () => {
  it('serves a file with its length, a strong ETag and Accept-Ranges', async () => {
    const res = await fetch(`${mirror.url}/m.onnx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers ranges (206), ignores them when If-Range no longer holds, 416 past the end', async () => {
    const etag = (await fetch(`${mirror.url}/m.onnx`, { method: 'HEAD' })).headers.get('etag')!;
    const part = await fetch(`${mirror.url}/m.onnx`, {
      headers: { range: 'bytes=900-', 'if-range': etag },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(900));
    const changed = await fetch(`${mirror.url}/m.onnx`, {
      headers: { range: 'bytes=900-', 'if-range': '"other"' },
    });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBe(1000);
    const past = await fetch(`${mirror.url}/m.onnx`, { headers: { range: 'bytes=1000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
  });

  it('cuts once after N bytes, answers faults, and never serves outside its folder', async () => {
    mirror.setFaults({ cutAfterBytes: 300 });
    const cut = await fetch(`${mirror.url}/m.onnx`);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    expect(mirror.requests.at(-1)).toMatchObject({ status: 200, sentBytes: 300 });
    expect((await fetch(`${mirror.url}/m.onnx`)).status).toBe(200);
    mirror.setFaults({ status: 500 });
    expect((await fetch(`${mirror.url}/m.onnx`)).status).toBe(500);
    mirror.setFaults({});
    expect((await fetch(`${mirror.url}/..%2Foutside-mirror.txt`)).status).toBe(404);
    expect((await fetch(`${mirror.url}/missing.onnx`)).status).toBe(404);
  });

  it('keeps the pace per chunk, shortened so no answer outlasts maxSecondsPerAnswer', async () => {
    const timed = async () => {
      const started = performance.now();
      expect(Buffer.from(await (await fetch(`${mirror.url}/m.onnx`)).arrayBuffer())).toEqual(bytes);
      return performance.now() - started;
    };
    // 10 chunks of 100 bytes; the client has them all after 9 pauses: of 100 ms at the pace, of
    // 20 ms within 0.2 s.
    mirror.setFaults({ chunkBytes: 100, delayMsPerChunk: 100 });
    expect(await timed()).toBeGreaterThanOrEqual(890);
    mirror.setFaults({ chunkBytes: 100, delayMsPerChunk: 100, maxSecondsPerAnswer: 0.2 });
    const capped = await timed();
    expect(capped).toBeGreaterThanOrEqual(170);
    expect(capped).toBeLessThan(880);
    // A cap longer than the paced answer changes nothing.
    mirror.setFaults({ chunkBytes: 500, delayMsPerChunk: 150, maxSecondsPerAnswer: 60 });
    expect(await timed()).toBeGreaterThanOrEqual(145);
    mirror.setFaults({});
  });

  it('sends the rest of a paced answer at once when the pace is lifted under way', async () => {
    // 10 chunks of 100 bytes, 1 s apart: 9 s paced.
    mirror.setFaults({ chunkBytes: 100, delayMsPerChunk: 1000 });
    const res = await fetch(`${mirror.url}/m.onnx`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    mirror.setFaults({});
    const rest = (async () => {
      const parts = [Buffer.from(first.value!)];
      for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
      return Buffer.concat(parts);
    })();
    // At most the pause under way is left: the rest comes before the next paced chunks would.
    let timer: NodeJS.Timeout | undefined;
    const paced = new Promise<'paced'>((resolve) => (timer = setTimeout(resolve, 4000, 'paced')));
    const winner = await Promise.race([rest, paced]);
    clearTimeout(timer);
    expect(winner).toEqual(bytes);
  });
});
