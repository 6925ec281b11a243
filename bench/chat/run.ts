/**
 * Meeting-assistant retrieval benchmark: the three QMSum meetings of testdata/meetings (real AMI
 * and ICSI transcripts) plus 1,000 generated meetings for the same user, on PGlite (in memory) and
 * PostgreSQL. Every QMSum specific query is asked (a) about its own meeting, as from the meeting
 * view, and (b) about all 1,003 meetings, and the benchmark prints
 *   - retrieval latency p50/p95 of `gatherSources` (budget p95 < 50 ms), beside the meeting list's
 *     first page (`listMeetings`, 100 rows) measured in the same run, as a ratio;
 *   - citation recall for the offline provider: the share of each query's `relevant_text_span`
 *     turns covered by the cited turns (the quoted ones), and by all retrieved sources, with the
 *     share of cited turns that fall inside a span (precision) and of queries with at least one.
 *
 *   - with a text-embedding model installed (`--models-dir`, default SUMMY_MODELS_DIR), the same
 *     recall with the passages reranked by it, beside full-text retrieval's.
 *
 * Run from the repository root: `npx tsx bench/chat/run.ts`
 * Options: `--rounds 20` timed passes over the queries, `--backends pglite,postgres`,
 * `--generated 1000`, `--json file`, `--models-dir`, `--models-catalog` (MODELS_CATALOG).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '@summy/db';
import { loadQmsumMeetings, type QmsumMeeting } from '../../apps/server/test/qmsum.ts';
import { answerQuestion } from '../../apps/server/src/services/assistant/answer-question.ts';
import { gatherSources } from '../../apps/server/src/services/assistant/gather-sources.ts';
import {
  closeLocalEngines,
  localTextEmbedder,
} from '../../apps/server/src/providers/llm/local/provider.ts';
import {
  questionTerms,
  selectiveTerms,
  weighTerms,
} from '../../apps/server/src/services/assistant/search-passages.ts';
import { refreshSearchIndex } from '../../apps/server/src/services/assistant/refresh-search-index.ts';
import { listMeetings } from '../../apps/server/src/services/meetings/list-meetings.ts';
import { seededRandom } from '../api/dataset.ts';
import { summarize, type LatencySummary } from '../api/stats.ts';
import { openBenchDatabase, type Backend } from '../lib/backend.ts';
import { cleanups, log, runCleanups } from '../lib/cleanup.ts';
import { generatedTranscript } from './generated-meetings.ts';

/** The retrieval budget, p95 in milliseconds. */
export const BUDGET_P95_MS = 50;

interface Seeded {
  userId: string;
  qmsum: { meeting: QmsumMeeting; id: string }[];
  generatedMeetings: number;
  passages: number;
  loadMs: number;
  indexMs: number;
}

async function seed(database: DatabaseHandle, generated: number): Promise<Seeded> {
  const userId = randomUUID();
  await database.query(
    `insert into "user" (id, name, email, email_verified) values ($1, 'Bench', $2, true)`,
    [userId, `bench-${userId}@example.com`],
  );
  const t0 = performance.now();
  const rand = seededRandom(5);
  const rows: { id: string; title: string; date: string; transcript: string }[] = [];
  const day = 24 * 3600 * 1000;
  for (let i = 0; i < generated; i++) {
    rows.push({
      id: randomUUID(),
      title: `Generated meeting ${i + 1}`,
      date: new Date(Date.UTC(2026, 10, 20) - i * day * 0.4).toISOString(),
      transcript: generatedTranscript(rand, 40 + Math.floor(rand() * 120)),
    });
  }
  const qmsum = loadQmsumMeetings().map((meeting, i) => ({ meeting, id: randomUUID(), i }));
  for (const { meeting, id, i } of qmsum) {
    rows.push({
      id,
      title: meeting.name,
      date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
      transcript: meeting.transcript,
    });
  }
  for (let start = 0; start < rows.length; start += 200) {
    const batch = rows.slice(start, start + 200);
    await database.query(
      `insert into meetings (id, user_id, title, date, transcript)
       select id, $1, title, date, transcript from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[]) as t(id, title, date, transcript)`,
      [
        userId,
        batch.map((r) => r.id),
        batch.map((r) => r.title),
        batch.map((r) => r.date),
        batch.map((r) => r.transcript),
      ],
    );
  }
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  await refreshSearchIndex(database.db, userId);
  const indexMs = performance.now() - t1;
  const [count] = await database.query<{ n: number }>(
    'select count(*)::int as n from meeting_passages where user_id = $1',
    [userId],
  );
  return {
    userId,
    qmsum: qmsum.map(({ meeting, id }) => ({ meeting, id })),
    generatedMeetings: generated,
    passages: count!.n,
    loadMs,
    indexMs,
  };
}

interface Recall {
  queries: number;
  /** Mean share of span turns covered by the cited turns. */
  citedRecall: number;
  /** Mean share of span turns covered by every retrieved source. */
  retrievedRecall: number;
  /** Share of cited turns inside a span. */
  citedPrecision: number;
  /** Share of queries with at least one cited turn inside a span. */
  hitRate: number;
  /** Mean cited turns per answer. */
  citedPerAnswer: number;
}

/** Where the local models are: the embedding model reranks when one is installed there. */
type ModelsEnv = { modelsDir?: string; modelsCatalogFile?: string };

async function recallOf(
  database: DatabaseHandle,
  s: Seeded,
  scope: 'meeting' | 'all',
  models: ModelsEnv = {},
): Promise<Recall> {
  let cited = 0;
  let retrieved = 0;
  let inside = 0;
  let citedTotal = 0;
  let hits = 0;
  let queries = 0;
  const deps = { db: database.db, env: { settings: {}, ...models } };
  const embedder = localTextEmbedder(models);
  for (const { meeting, id } of s.qmsum) {
    for (const q of meeting.queries) {
      queries++;
      const span = new Set<number>();
      for (const [a, b] of q.spans) for (let t = a; t <= b; t++) span.add(t);
      const context = { type: 'meeting' as const, meetingIds: scope === 'meeting' ? [id] : [] };
      const answer = await answerQuestion(deps, s.userId, { content: q.query, context });
      const turnsOf = (
        list: { meetingId?: string | null; section: string; turnIndex?: number | null }[],
      ) =>
        new Set(
          list
            .filter((c) => c.meetingId === id && c.section === 'transcript')
            .map((c) => c.turnIndex!),
        );
      const citedTurns = turnsOf(answer.citations);
      const gathered = await gatherSources(database.db, s.userId, context, q.query, { embedder });
      const allTurns = turnsOf(
        gathered.sources.map((src) => ({ ...src, turnIndex: src.position })),
      );
      const covered = (turns: Set<number>) =>
        [...span].filter((t) => turns.has(t)).length / span.size;
      cited += covered(citedTurns);
      retrieved += covered(allTurns);
      const citedAll = answer.citations.filter((c) => c.section === 'transcript').length;
      citedTotal += citedAll;
      const insideHere = [...citedTurns].filter((t) => span.has(t)).length;
      inside += insideHere;
      if (insideHere > 0) hits++;
    }
  }
  return {
    queries,
    citedRecall: cited / queries,
    retrievedRecall: retrieved / queries,
    citedPrecision: citedTotal ? inside / citedTotal : 0,
    hitRate: hits / queries,
    citedPerAnswer: citedTotal / queries,
  };
}

async function runBackend(backend: Backend, rounds: number, generated: number, models: ModelsEnv) {
  const database = await openBenchDatabase(backend, 'summy_bench_chat');
  cleanups.push(() => database.close());
  await database.migrate();
  const s = await seed(database, generated);
  log(
    `${backend}: ${s.generatedMeetings + s.qmsum.length} meetings loaded in ${Math.round(s.loadMs)} ms; ${s.passages} passages indexed in ${Math.round(s.indexMs)} ms`,
  );
  const queries = s.qmsum.flatMap(({ meeting, id }) =>
    meeting.queries.map((q) => ({ q: q.query, id })),
  );
  const latency: Record<string, LatencySummary> = {};
  // Each op is created lazily so its time is its own.
  const series = async (name: string, make: () => (() => Promise<unknown>)[]) => {
    const samples: number[] = [];
    for (let r = -2; r < rounds; r++) {
      for (const op of make()) {
        const t0 = performance.now();
        await op();
        if (r >= 0) samples.push(performance.now() - t0);
      }
    }
    latency[name] = summarize(samples);
  };
  await series('retrieval, one meeting', () =>
    queries.map(
      ({ q, id }) =>
        () =>
          gatherSources(database.db, s.userId, { type: 'meeting', meetingIds: [id] }, q),
    ),
  );
  await series('retrieval, all 1,003 meetings', () =>
    queries.map(
      ({ q }) =>
        () =>
          gatherSources(database.db, s.userId, { type: 'meeting', meetingIds: [] }, q),
    ),
  );
  await series('reference: meeting list, first 100', () =>
    queries.map(() => () => listMeetings(database.db, s.userId, { limit: 100 })),
  );
  // The slowest questions over all meetings, with the words that selected their passages.
  for (const { q } of queries) {
    const t0 = performance.now();
    await gatherSources(database.db, s.userId, { type: 'meeting', meetingIds: [] }, q);
    const took = performance.now() - t0;
    const { lexemes } = await questionTerms(database.db, q);
    const weighted = await weighTerms(database.db, [s.userId], lexemes);
    const chosen = selectiveTerms(weighted.total, weighted.terms);
    log(
      `${backend}: ${took.toFixed(1)} ms  "${q}"  selected by ${chosen.map((t) => `${t.lexeme}(${t.df})`).join(' ')}`,
    );
  }
  const recall: Record<string, Recall> = {
    meeting: await recallOf(database, s, 'meeting'),
    all: await recallOf(database, s, 'all'),
  };
  // The same questions reranked by the installed embedding model, beside full-text retrieval.
  const embedder = localTextEmbedder(models);
  if (embedder) {
    recall[`meeting, reranked by ${embedder.model}`] = await recallOf(
      database,
      s,
      'meeting',
      models,
    );
    recall[`all, reranked by ${embedder.model}`] = await recallOf(database, s, 'all', models);
  }
  return {
    backend,
    seeded: {
      meetings: s.generatedMeetings + s.qmsum.length,
      passages: s.passages,
      loadMs: s.loadMs,
      indexMs: s.indexMs,
    },
    latency,
    recall,
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '20' },
      backends: { type: 'string', default: 'pglite,postgres' },
      generated: { type: 'string', default: '1000' },
      json: { type: 'string' },
      'models-dir': { type: 'string', default: process.env.SUMMY_MODELS_DIR },
      'models-catalog': { type: 'string', default: process.env.MODELS_CATALOG },
    },
  });
  const models: ModelsEnv = {
    ...(values['models-dir'] ? { modelsDir: values['models-dir'] } : {}),
    ...(values['models-catalog'] ? { modelsCatalogFile: values['models-catalog'] } : {}),
  };
  if (!localTextEmbedder(models)) {
    console.log(
      `No text-embedding model installed${models.modelsDir ? ` in ${models.modelsDir}` : ' (--models-dir or SUMMY_MODELS_DIR)'}: recall is measured for full-text retrieval only.`,
    );
  }
  const results = [];
  for (const backend of values.backends!.split(',') as Backend[]) {
    const r = await runBackend(backend, Number(values.rounds), Number(values.generated), models);
    results.push(r);
    const ref = r.latency['reference: meeting list, first 100']!;
    console.log(
      `\n== ${backend}: ${r.seeded.meetings} meetings, ${r.seeded.passages} passages (indexed in ${(r.seeded.indexMs / 1000).toFixed(1)} s)`,
    );
    for (const [name, l] of Object.entries(r.latency)) {
      const ratio = name.startsWith('reference')
        ? ''
        : `  (${(l.p95 / ref.p95).toFixed(2)}x the reference p95)`;
      const budget = name.startsWith('reference')
        ? ''
        : l.p95 < BUDGET_P95_MS
          ? '  within budget'
          : '  OVER BUDGET';
      console.log(
        `${name.padEnd(36)} p50 ${ms(l.p50).padStart(9)}  p95 ${ms(l.p95).padStart(9)}  n=${l.n}${ratio}${budget}`,
      );
    }
    for (const [scope, c] of Object.entries(r.recall)) {
      const where = scope.startsWith('meeting') ? 'its meeting' : 'all meetings';
      const how = scope.includes(', ') ? scope.slice(scope.indexOf(', ')) : ', full-text';
      console.log(
        `recall (${where}${how}, ${c.queries} queries): cited ${pct(c.citedRecall)} of span turns (${c.citedPerAnswer.toFixed(1)} cited turns per answer), all sources ${pct(c.retrievedRecall)}; precision ${pct(c.citedPrecision)}; answers with a cited turn in the span ${pct(c.hitRate)}`,
      );
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await closeLocalEngines();
    await runCleanups();
  });
