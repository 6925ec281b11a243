/**
 * The local language-model engine with real node-llama-cpp in its worker process, on the tiny
 * GGUF model of @summy/fakes (fixed random weights: its words are nonsense, so the checks are
 * processes, sizes, shapes, grammar and timing, never quality). Its answers never end before
 * their cap, and it decodes some 500 tokens a second on one thread: every generation caps
 * maxTokens.
 */
import { getEventListeners } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeTinyGguf } from '@summy/fakes/gguf';
import { LocalLlmEngine, LocalLlmError, type LocalLlmEngineOptions } from './engine.ts';

let dir: string;
let modelPath: string;
const engines: LocalLlmEngine[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-llm-'));
  modelPath = path.join(dir, 'tiny.gguf');
  await writeTinyGguf(modelPath);
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function engine(options: Partial<LocalLlmEngineOptions> = {}): LocalLlmEngine {
  const e = new LocalLlmEngine({ modelPath, maxRamMb: 1024, threads: 1, ...options });
  engines.push(e);
  return e;
}

const ask = (content: string, maxTokens = 4) => ({
  system: 'You write meeting notes.',
  messages: [{ role: 'user' as const, content }],
  maxTokens,
});

/** Resident memory of a process (kB), or undefined when it no longer exists. */
function rssKb(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'));
  return m ? Number(m[1]) : undefined;
}

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

describe('the local language-model engine', () => {
  it('starts its worker on first use, answers text, and ends the worker when idle (its memory is gone)', async () => {
    const e = engine({ idleSeconds: 1 });
    expect(e.workerPid).toBeUndefined();
    const text = await e.generate(ask('Summarize: we agreed to ship on Friday.'));
    expect(typeof text).toBe('string');
    const pid = e.workerPid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    // The model is loaded in the worker, not here: its RSS holds llama.cpp.
    expect(rssKb(pid)).toBeGreaterThan(10_000);
    expect(e.contextSize).toBe(4096); // the tiny model's training context, below the default
    await until(() => rssKb(pid) === undefined, 10_000);
    expect(e.workerPid).toBeUndefined();
    // The next request starts a new worker.
    await e.generate(ask('Again', 1));
    expect(e.workerPid).not.toBe(pid);
  }, 90_000);

  it('sizes the context from the model metadata and the RAM budget', async () => {
    const big = path.join(dir, 'tiny-32k.gguf');
    await writeTinyGguf(big, { contextLength: 32_768 });
    // 257 MB - 256 MB overhead - 115 KB of weights leaves ~933 KB: 7,290 tokens of 128 bytes.
    const e = engine({ modelPath: big, maxRamMb: 257 });
    await e.generate(ask('Hi', 1));
    expect(e.contextSize).toBe(7168);
    // Every byte is a token of the tiny model: 8,000 characters cannot fit 7,168 tokens.
    const long = await e.generate(ask('x'.repeat(8000), 1)).catch((x: unknown) => x);
    expect(long).toMatchObject({
      kind: 'too-long',
      message: expect.stringContaining('The text is too long for the local language model'),
    });
    const tooSmall = engine({ modelPath: big, maxRamMb: 256 });
    const err = await tooSmall.generate(ask('Hi', 1)).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(LocalLlmError);
    expect(err).toMatchObject({
      kind: 'memory',
      message: expect.stringContaining('Not enough memory for the local language model'),
    });
  }, 90_000);

  it('refuses a file that is not a GGUF model with a clear error', async () => {
    const bad = path.join(dir, 'not-a-model.gguf');
    await writeFile(bad, 'this is not a model');
    const err = await engine({ modelPath: bad })
      .generate(ask('Hi', 1))
      .catch((x: unknown) => x);
    expect(err).toMatchObject({
      kind: 'load',
      message: expect.stringContaining('The model file could not be read'),
    });
  }, 90_000);

  it('constrains the output to a JSON schema made from a zod schema and answers it parsed', async () => {
    const schema = z.object({ done: z.boolean(), owner: z.string().max(3) });
    const value = await engine().generate({
      ...ask('Who owns the follow-up?', 40),
      schema: z.toJSONSchema(schema),
    });
    expect(schema.safeParse(value).success).toBe(true);
  }, 90_000);

  it('streams a plain-text answer in pieces that add up to it; a JSON answer comes whole', async () => {
    const e = engine();
    const pieces: string[] = [];
    const text = await e.generate(ask('Summarize the meeting.', 24), {
      onText: (piece) => pieces.push(piece),
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);

    const jsonPieces: string[] = [];
    await e.generate(
      { ...ask('Who owns it?', 40), schema: z.toJSONSchema(z.object({ done: z.boolean() })) },
      { onText: (piece) => jsonPieces.push(piece) },
    );
    expect(jsonPieces).toEqual([]);
  }, 90_000);

  it("counts tokens with the model's tokenizer, answered beside a running generation", async () => {
    const e = engine();
    // The tiny model's vocabulary is bytes: a token per UTF-8 byte.
    expect(await e.countTokens(['Budget', 'Caf\u00e9 \u4f1a\u8bae'])).toEqual([6, 12]);
    const long = e.generate(ask('Write at length.', 1500));
    await new Promise((r) => setTimeout(r, 300));
    let counted = false;
    const count = e.countTokens(['x'.repeat(5000)]).then((n) => ((counted = true), n));
    expect(await count).toEqual([5000]);
    expect(e.busy).toBe(1); // the generation still runs: the count did not wait behind it
    await long;
    expect(counted).toBe(true);
  }, 90_000);

  it('queues requests beyond the parallel limit and reports their place', async () => {
    const e = engine({ parallel: 1 });
    const places: number[][] = [[], [], []];
    const ahead: string[][] = [];
    const { signal } = new AbortController(); // one long-lived signal, as a server's would be
    const jobs = [0, 1, 2].map((i) =>
      e.generate(ask(`Question ${i}`, 2), {
        signal,
        purpose: i === 0 ? 'notes' : 'chat',
        onQueue: (p, before) => {
          places[i]!.push(p);
          if (i === 2) ahead.push(before);
        },
      }),
    );
    expect(e.busy).toBe(1);
    expect(e.waiting).toBe(2);
    await Promise.all(jobs);
    expect(places[0]).toEqual([0]);
    expect(places[1]).toEqual([1, 0]);
    // The third moved up when the first finished; it heard what the jobs before it were for.
    expect(places[2]).toEqual([2, 1, 0]);
    expect(ahead).toEqual([['notes', 'chat'], ['chat'], []]);
    // Finished jobs leave no listener behind on the caller's signal.
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  }, 90_000);

  it('runs two jobs at once with parallel 2', async () => {
    const e = engine({ parallel: 2 });
    const jobs = [e.generate(ask('One', 2)), e.generate(ask('Two', 2))];
    expect(e.busy).toBe(2);
    expect(e.waiting).toBe(0);
    await Promise.all(jobs);
  }, 90_000);

  it('stops a generation within a second of the abort, and the next job runs', async () => {
    const e = engine();
    await e.generate(ask('Warm up', 1)); // the model is loaded: the abort meets decoding
    const controller = new AbortController();
    // The tiny model never ends an answer itself: 3,900 tokens take seconds.
    const job = e.generate(ask('Write a long story.', 3900), { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 1500));
    const abortedAt = performance.now();
    controller.abort();
    const err = await job.catch((x: unknown) => x);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(err).toMatchObject({ kind: 'aborted' });
    // The worker itself stopped decoding and freed the slot within the second.
    expect(await until(() => e.busy === 0, 5000)).toBeLessThan(1000);
    expect(typeof (await e.generate(ask('Next', 1)))).toBe('string');
  }, 90_000);

  it('fails the job clearly when the worker is killed mid-job, and the next request works', async () => {
    const e = engine();
    await e.generate(ask('Warm up', 1));
    const pid = e.workerPid!;
    const job = e.generate(ask('Write a long story.', 3900));
    await new Promise((r) => setTimeout(r, 500));
    process.kill(pid, 'SIGKILL');
    const err = await job.catch((x: unknown) => x);
    expect(err).toBeInstanceOf(LocalLlmError);
    expect(err).toMatchObject({
      kind: 'crashed',
      message: expect.stringContaining(
        'The local language model stopped while working (killed by SIGKILL)',
      ),
    });
    expect(typeof (await e.generate(ask('Next', 1)))).toBe('string');
    expect(e.workerPid).not.toBe(pid);
  }, 90_000);

  it('embeds texts deterministically, also across workers', async () => {
    const e = engine();
    const first = await e.embed(['We ship on Friday.', 'Budget review']);
    expect(first).toHaveLength(2);
    expect(first[0]).toHaveLength(32);
    expect(first[0]).not.toEqual(first[1]);
    expect(await e.embed(['We ship on Friday.'])).toEqual([first[0]]);
    await e.close();
    expect(await engine().embed(['Budget review'])).toEqual([first[1]]);
  }, 90_000);
});
