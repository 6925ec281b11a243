/**
 * Memory around a summary written by the local language model: the bundled server with a notes
 * model installed (the tests' tiny GGUF: what matters is the worker's life, not the words) and
 * LOCAL_LLM_IDLE_SECONDS=5. It idles, writes one summary ('Regenerate summary' on a meeting
 * with the opening of a real QMSum transcript), then idles past the idle timeout. Printed: the server's RSS idle
 * before the summary (the reference, in the same run), the process tree's peak while the worker
 * holds the model, and the server's and the tree's RSS once the worker has ended, against the
 * 200 MB idle budget.
 *
 * Run from the repository root: `npx tsx bench/memory/local-summary.ts` (builds the server bundle
 * first). Options: `--idle 30` seconds idle before and after (V8's memory reducer collects
 * about 10 and 25 s after the last burst of allocation, so a shorter idle reads garbage). Exit
 * code 0 within the budget, 1 over it, 2 on error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@summy/db/testing';
import { loadQmsumMeeting } from '../../apps/server/test/qmsum.ts';
import { installTinyModels } from '../../apps/server/test/tiny-models.ts';
import { signUp } from '../api/client.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import { readRss, spawnNode } from '../pipeline/memory.ts';
import {
  AUTH_SECRET,
  childEnv,
  execFileAsync,
  mb,
  REPO_ROOT,
  sleep,
  startShEnv,
  startShFlags,
  treeRss,
} from './start.ts';

/** The idle budget of the server, bytes (decimal MB), as bench/memory/run.ts's. */
const IDLE_BUDGET_BYTES = 200e6;
/** LOCAL_LLM_IDLE_SECONDS of the run: the worker ends this long after the summary. */
const LLM_IDLE_S = 5;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { idle: { type: 'string', default: '30' } } });
  const idleS = Number(values.idle);
  log('building the server bundle (scripts/build-server.mjs)');
  await execFileAsync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });

  const tiny = await installTinyModels({ notesModels: true, install: ['tiny-notes'] });
  cleanups.push(() => tiny.remove());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-local-summary-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnNode([...startShFlags(), 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: childEnv({
      ...startShEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      AUTH_SECRET,
      SUMMY_MODELS_DIR: tiny.modelsDir,
      MODELS_CATALOG: tiny.catalogFile,
      LOCAL_LLM_IDLE_SECONDS: String(LLM_IDLE_S),
    }),
    ready: /Summy is running/,
    timeoutMs: 600_000,
  });
  cleanups.push(() => server.stop());
  const session = await signUp(url, url, 'Bench', `bench-${port}@example.com`);
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        cookie: session.cookie,
        origin: url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok)
      throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  // The opening of a real meeting: the database holds what the idle budget's own bench holds,
  // a user and a small meeting, so the difference is the language model's.
  const opening = loadQmsumMeeting('ami_ES2011a')
    .transcript.split('\n\n')
    .slice(0, 20)
    .join('\n\n');
  const meeting = await call('POST', '/api/meetings', { title: 'Kick-off', transcript: opening });

  log(`idling ${idleS} s before the summary`);
  await sleep(idleS * 1000);
  const before = readRss(server.pid).rss;

  const started = performance.now();
  await call('POST', `/api/meetings/${String(meeting.id)}/summary`, {});
  let peak = 0;
  for (;;) {
    peak = Math.max(peak, treeRss(server.pid));
    const m = await call('GET', `/api/meetings/${String(meeting.id)}`);
    if (!m.summaryRegenerating) break;
    if (performance.now() - started > 600_000) throw new Error('The summary took over 10 minutes');
    await sleep(100);
  }
  const summaryS = (performance.now() - started) / 1000;

  log(`idling ${LLM_IDLE_S} s (LOCAL_LLM_IDLE_SECONDS) and ${idleS} s more`);
  await sleep((LLM_IDLE_S + idleS) * 1000);
  const after = readRss(server.pid).rss;
  const tree = treeRss(server.pid);

  const within = after < IDLE_BUDGET_BYTES && tree < IDLE_BUDGET_BYTES;
  // What the model may leave behind: nothing beyond the noise of a garbage-collected heap.
  const leftNothing = tree <= before * 1.05;
  console.log(`\n== Memory around a local summary (tiny notes model, ${os.cpus().length} cores)`);
  console.log(`server idle RSS before the summary (reference)   ${mb(before)} MB`);
  console.log(
    `peak RSS of the server and its worker, writing     ${mb(peak)} MB  (${summaryS.toFixed(1)} s)`,
  );
  console.log(
    `server idle RSS after the worker ended             ${mb(after)} MB  (${(after / before).toFixed(2)}x the reference)`,
  );
  console.log(`RSS of the whole process tree then               ${mb(tree)} MB`);
  console.log(
    `the local model ${leftNothing ? 'left nothing behind' : 'LEFT MEMORY BEHIND'} (the tree within 5% of the reference)`,
  );
  console.log(
    `${within ? 'within' : 'OVER'} the ${mb(IDLE_BUDGET_BYTES)} MB idle budget after the idle timeout`,
  );
  return within && leftNothing ? 0 : 1;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  })
  .finally(runCleanups);
