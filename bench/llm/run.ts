/**
 * Local language-model benchmark: `npm run bench:llm` (or `npx tsx bench/llm/run.ts`) from the
 * repository root. Options: `--models-dir dir` (default SUMMY_MODELS_DIR, else
 * `DATA_DIR/models`, else ./data/models), `--max-tokens n` (tokens decoded per model, default 32),
 * `--json file` (writes every figure as JSON).
 *
 * For every GGUF file in the models folder (and its sub-folders), run by the real engine
 * (apps/server/src/providers/llm/local/engine.ts, one worker process per model):
 * - load time (worker start, metadata, model load, context creation; ms);
 * - prefill speed: prompt tokens per second of a generation that writes one token;
 * - decode speed: the extra tokens of a second generation on a same-length prompt divided by
 *   its extra time (tokens per second);
 * - the worker's peak resident memory (VmHWM, MB).
 * The tiny random-weight GGUF of @summy/fakes is measured in the same run as the reference,
 * and every model's speeds are printed beside it as ratios. With no GGUF installed the report
 * says so and prints the reference only.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeTinyGguf } from '@summy/fakes/gguf';
import { LocalLlmEngine } from '../../apps/server/src/providers/llm/local/engine.ts';

const { values: args } = parseArgs({
  options: {
    'models-dir': { type: 'string' },
    'max-tokens': { type: 'string', default: '32' },
    json: { type: 'string' },
  },
});
const modelsDir = path.resolve(
  args['models-dir'] ??
    process.env.SUMMY_MODELS_DIR ??
    path.join(process.env.DATA_DIR ?? './data', 'models'),
);
const maxTokens = Math.max(2, Number(args['max-tokens']));

/** A meeting-like prompt of about 250 words, different per call so no cache is reused. */
function transcript(n: number): string {
  const lines = [
    'Anna: Let us start with the budget for the next quarter.',
    'Ben: Marketing asked for ten percent more, mostly for the trade fair in May.',
    'Anna: That only works if we move the website relaunch to the autumn.',
    'Chris: The agency can start in September, they confirmed this morning.',
    'Ben: Then I will draft the new plan and send it round by Friday.',
    'Anna: Good. Chris, can you check the contract terms with legal?',
    'Chris: Yes, I will have an answer by Wednesday.',
  ];
  return [`Meeting ${n}.`, ...lines, ...lines, ...lines].join('\n');
}

interface Figures {
  model: string;
  fileMb: number;
  loadMs: number;
  contextSize: number;
  prefillTokens: number;
  prefillTps: number;
  decodeTokens: number;
  decodeTps: number;
  peakRssMb: number;
}

function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function measure(name: string, modelPath: string): Promise<Figures> {
  const engine = new LocalLlmEngine({ modelPath, idleSeconds: 600 });
  const request = (n: number, tokens: number) => ({
    system: 'You write short meeting notes.',
    messages: [{ role: 'user' as const, content: `Summarize:\n${transcript(n)}` }],
    maxTokens: tokens,
  });
  try {
    let t = performance.now();
    await engine.generate(request(0, 1)); // loads the model
    const loadAndFirst = performance.now() - t;
    t = performance.now();
    const one = await engine.generateWithUsage(request(1, 1));
    const prefillMs = performance.now() - t;
    t = performance.now();
    const many = await engine.generateWithUsage(request(2, maxTokens));
    const manyMs = performance.now() - t;
    const extraTokens = many.usage.outputTokens - one.usage.outputTokens;
    return {
      model: name,
      fileMb: statSync(modelPath).size / 1024 / 1024,
      loadMs: loadAndFirst - prefillMs,
      contextSize: engine.contextSize ?? 0,
      prefillTokens: one.usage.promptTokens,
      prefillTps: one.usage.promptTokens / (prefillMs / 1000),
      decodeTokens: extraTokens,
      decodeTps: extraTokens > 0 ? extraTokens / ((manyMs - prefillMs) / 1000) : NaN,
      peakRssMb: peakRssMb(engine.workerPid!),
    };
  } finally {
    await engine.close();
  }
}

function ggufFiles(dir: string, depth = 2): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory() && depth > 0 && !e.name.startsWith('.')) return ggufFiles(full, depth - 1);
    return e.isFile() && e.name.toLowerCase().endsWith('.gguf') ? [full] : [];
  });
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const tmp = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-llm-'));
try {
  console.log(
    `Local LLM benchmark: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0]!.toFixed(1)}; ${maxTokens} tokens decoded per model`,
  );
  const tinyPath = path.join(tmp, 'tiny.gguf');
  await writeTinyGguf(tinyPath);
  const reference = await measure('tiny (reference, random weights)', tinyPath);
  const installed = ggufFiles(modelsDir);
  const results = [reference];
  if (installed.length === 0) {
    console.log(`No GGUF model installed in ${modelsDir}: only the tiny reference was measured.`);
  }
  for (const file of installed) {
    try {
      results.push(await measure(path.relative(modelsDir, file), file));
    } catch (err) {
      console.log(`${path.relative(modelsDir, file)}: ${(err as Error).message}`);
    }
  }
  console.log(
    '\nmodel | file MB | load ms | context | prefill tok/s (x tiny) | decode tok/s (x tiny) | peak RSS MB',
  );
  for (const r of results) {
    console.log(
      [
        r.model,
        f(r.fileMb),
        f(r.loadMs, 0),
        r.contextSize,
        `${f(r.prefillTps)} over ${r.prefillTokens} (${f(r.prefillTps / reference.prefillTps, 3)})`,
        `${f(r.decodeTps)} over ${r.decodeTokens} (${f(r.decodeTps / reference.decodeTps, 3)})`,
        f(r.peakRssMb, 0),
      ].join(' | '),
    );
  }
  if (args.json) writeFileSync(args.json, JSON.stringify({ modelsDir, results }, null, 2));
} finally {
  await rm(tmp, { recursive: true, force: true });
}
