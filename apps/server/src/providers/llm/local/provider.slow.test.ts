/**
 * The `local` text provider with a notes model installed in the models folder: the AI preference
 * choices list it, 'auto' picks it after any configured cloud model and before the offline
 * generator, and its text goes through the real engine (node-llama-cpp in a worker process) with
 * the tests' tiny GGUF, whose answers mean nothing: only the path is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTinyModels, llmWorkers, type TinyInstall } from '../../../../test/tiny-models.ts';
import { aiModelChoices, CLAUDE_SONNET_4, resolveTextModel } from '../catalog.ts';
import { TextGenerationError } from '../types.ts';
import { closeLocalEngines } from './provider.ts';

let tiny: TinyInstall;
let env: Parameters<typeof resolveTextModel>[1];
const quiet = { log: () => {} };

beforeAll(async () => {
  tiny = await installTinyModels({ notesModels: true, install: [] });
  env = {
    settings: {},
    modelsDir: tiny.modelsDir,
    modelsCatalogFile: tiny.catalogFile,
    localLlm: { idleSeconds: 30, parallel: 1, maxRamMb: undefined, threads: 1 },
  };
});
afterAll(async () => {
  await closeLocalEngines();
  await tiny?.remove();
});

describe('the local text provider', () => {
  it('is a choice, and what auto picks without a cloud model, once a notes model is installed', async () => {
    expect(aiModelChoices({}, env).map((c) => c.value)).toEqual([
      'auto',
      `anthropic:${CLAUDE_SONNET_4}`,
      'openai:gpt-5',
      'openai:gpt-5-mini',
    ]);
    expect(resolveTextModel('auto', env, quiet).id).toBe('offline');
    expect(resolveTextModel('local:tiny-notes', env, quiet).id).toBe('offline');

    await tiny.install('tiny-notes');
    expect(aiModelChoices({}, env).at(-1)).toEqual({
      value: 'local:tiny-notes',
      label: 'Local: Tiny notes test model',
      available: true,
    });
    expect(resolveTextModel('auto', env, quiet).id).toBe('local:tiny-notes');
    const cloud = { ...env, settings: { ANTHROPIC_API_KEY: 'sk-ant-test' } };
    expect(resolveTextModel('auto', cloud, quiet).id).toBe(`anthropic:${CLAUDE_SONNET_4}`);
    expect(resolveTextModel('local:tiny-notes', cloud, quiet).id).toBe('local:tiny-notes');
  });

  it('writes through the real engine; an answer cut short is the documented failure', async () => {
    await tiny.install('tiny-notes');
    const model = resolveTextModel('local:tiny-notes', env, { ...quiet, maxOutputTokens: 4 });
    const transcript = 'Alice: We ship the release on Friday.\n\nBob: I will write the notes.';
    // Greedy decoding: the same transcript, the same outcome (4 printable characters here).
    const first = await model.generateTitle(transcript).catch((e: unknown) => e);
    const again = await model.generateTitle(transcript).catch((e: unknown) => e);
    expect(String(again)).toBe(String(first));
    // The JSON answer needs more than 4 tokens: the engine says it was cut off, and the step
    // fails with the documented message, as a cloud model's failure does.
    const summary = await model
      .summarize({ transcript, meetingTitle: 'Release', template: 'general' })
      .catch((e: unknown) => e);
    expect(summary).toBeInstanceOf(TextGenerationError);
    expect(summary).toMatchObject({ step: 'summary', message: 'Summary generation failed' });
  });

  it("a chat answer behind a meeting's notes hears its place in line, then that it runs, and streams", async () => {
    await tiny.install('tiny-notes');
    const model = resolveTextModel('local:tiny-notes', env, { ...quiet, maxOutputTokens: 1500 });
    const transcript = 'Alice: We ship the release on Friday.\n\nBob: I will write the notes.';
    // The title runs to its cap (this model never ends an answer itself): seconds of work.
    const title = model.generateTitle(transcript);
    await new Promise((r) => setTimeout(r, 200));
    const waits: { position: number; notes: boolean }[] = [];
    const prompt = {
      system: 'Answer briefly.',
      messages: [{ role: 'user' as const, content: 'When?' }],
    };
    const pieces: string[] = [];
    for await (const piece of model.answer!(prompt, undefined, {
      onWaiting: (wait) => waits.push(wait),
    })) {
      pieces.push(piece);
    }
    // Streamed as the worker writes it, not in one piece at the end.
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('').length).toBeGreaterThan(0);
    expect(waits).toEqual([
      { position: 1, notes: true },
      { position: 0, notes: false },
    ]);
    expect((await title).length).toBeGreaterThan(0);
  });

  it("a worker that dies mid-answer fails the step in the engine's words, marked for a retry", async () => {
    await tiny.install('tiny-notes');
    const model = resolveTextModel('local:tiny-notes', env, { ...quiet, maxOutputTokens: 400 });
    const transcript = 'Alice: We ship the release on Friday.\n\nBob: I will write the notes.';
    const summary = model
      .summarize({ transcript, meetingTitle: 'Release', template: 'general' })
      .catch((e: unknown) => e);
    let worker: number | undefined;
    for (let i = 0; i < 300 && !worker; i++) {
      await new Promise((r) => setTimeout(r, 50));
      worker = llmWorkers()[0];
    }
    expect(worker).toBeDefined();
    // While it loads the model or generates: the job is in flight either way.
    process.kill(worker!, 'SIGKILL');
    const failure = await summary;
    expect(failure).toBeInstanceOf(TextGenerationError);
    expect(failure).toMatchObject({ step: 'summary', retry: true });
    expect((failure as TextGenerationError).details).toMatch(/worker|stopped|died|exit/i);
  });
});
