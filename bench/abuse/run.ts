/**
 * Abuse benchmark: replays the attacks a hostile or careless client made against a running Summy,
 * as `npm start` runs it (the bundled `apps/server/dist/main.js`, PGlite on disk unless `--backend
 * postgres`), and prints for each attack the answers it got, the slowest answer and the server's
 * RSS before and after. The reference is the same server's idle RSS and its `/api/health` latency,
 * measured in the same run before the first attack.
 *
 * Run from the repository root: `npx tsx bench/abuse/run.ts` (about a minute).
 * Options: `--backend pglite|postgres`, `--json file`.
 * Exit code 0 when no answer took over 1 s and the RSS, settled after the run, grew by under 50 MB
 * (the abuse bar), 1 when not, 2 on error. Everything it starts is stopped and removed.
 *
 * Only loopback addresses are contacted. `X-Forwarded-For` values are header text standing for
 * distinct clients (the server runs with TRUST_PROXY=true); no traffic goes to them.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runBench } from '../lib/cleanup.ts';
import { readRss } from '../pipeline/memory.ts';
import { percentile } from '../api/stats.ts';
import { startBenchServer } from './server.ts';
import {
  ANSWER_BUDGET_MS,
  AUTH_SECRET,
  MB,
  machineLine,
  RSS_GROWTH_BUDGET_BYTES,
  pid,
  rssMb,
  send,
  settledRssMb,
  signUp,
  useServer,
} from './harness.ts';
import { runAttacks } from './attacks.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'pglite' },
      json: { type: 'string' },
    },
  });
  const backend = values.backend === 'postgres' ? 'postgres' : 'pglite';
  const server = await startBenchServer('abuse', backend, { AUTH_SECRET, TRUST_PROXY: 'true' });
  useServer(server.base, server.pid);
  const startFlags = server.flags;

  const victimEmail = 'victim@example.com';
  await signUp('Victim', victimEmail);
  const cookie = await signUp('Attacker', 'attacker@example.com');
  // Idle reference: the server at rest with two users, and its health latency.
  await new Promise((r) => setTimeout(r, 3000));
  const idleRss = rssMb();
  const health: number[] = [];
  for (let i = 0; i < 30; i++) health.push((await send('GET', '/api/health')).ms);
  health.sort((a, b) => a - b);
  const results = await runAttacks(victimEmail, cookie);

  const lastRss = rssMb();
  const settled = await settledRssMb();
  const finalRss = settled.mb;
  const peakRss = readRss(pid).hwm / MB;
  const worst = Math.max(...results.map((r) => r.slowestMs));
  const growth = finalRss - idleRss;
  const pass = worst <= ANSWER_BUDGET_MS && growth * MB < RSS_GROWTH_BUDGET_BYTES;

  console.log(machineLine());
  console.log(
    `Server: apps/server/dist/main.js ${startFlags.join(' ')} on ${backend}, TRUST_PROXY=true`,
  );
  console.log(
    `Reference (same run, before the attacks): idle RSS ${idleRss.toFixed(1)} MB; GET /api/health p50 ${percentile(
      health,
      50,
    ).toFixed(1)} ms, p95 ${percentile(health, 95).toFixed(1)} ms`,
  );
  console.log('');
  console.log('| attack | answers | slowest ms | RSS before MB | RSS after MB |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.outcome.replace(/\|/g, '\\|')} | ${r.slowestMs.toFixed(0)} | ${r.rssBeforeMb.toFixed(1)} | ${r.rssAfterMb.toFixed(1)} |`,
    );
  }
  console.log('');
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: slowest answer ${worst.toFixed(0)} ms (bar ${ANSWER_BUDGET_MS} ms, ${(
      worst / percentile(health, 95)
    ).toFixed(
      0,
    )}x the health p95); RSS ${idleRss.toFixed(1)} -> ${finalRss.toFixed(1)} MB (growth ${growth.toFixed(
      1,
    )} MB, bar 50 MB)`,
  );
  console.log(
    `RSS right after the last attack ${lastRss.toFixed(1)} MB; settled ${finalRss.toFixed(1)} MB after ${(
      settled.afterMs / 1000
    ).toFixed(0)} s idle (the figure judged); peak (VmHWM) over the run ${peakRss.toFixed(1)} MB`,
  );
  if (values.json) {
    writeFileSync(
      values.json,
      JSON.stringify({ backend, idleRss, lastRss, finalRss, peakRss, results }, null, 2),
    );
  }
  return pass;
}

await runBench(main);
