/**
 * The API bench's Markdown report: per-route latencies beside the bare-Hono reference, the
 * concurrency table and the verdicts.
 */
import { type SeededDataset } from './dataset.ts';
import { type PlanSummary } from './direct.ts';
import { type LoadResult } from './load.ts';
import { ms, type LatencySummary } from './stats.ts';
import { type Backend } from '../lib/backend.ts';

/** The latency budget of every measured route, p95 in milliseconds. */
export const BUDGET_P95_MS = 20;

/** The budget of search everywhere (`GET /api/search`), p95 in milliseconds. */
export const SEARCH_BUDGET_P95_MS = 50;

/** Under concurrency no request may wait much longer than the rest: p99 within 3 times p95. */
export const MAX_P99_TO_P95 = 3;

/** One measured route: HTTP latency and the direct-SQL reference. */
export interface RouteResult {
  route: string;
  http: LatencySummary;
  direct: LatencySummary;
  /** Size of the answer body in bytes (last request). */
  bytes: number;
  /** This route's p95 budget (ms) when not {@link BUDGET_P95_MS}. */
  budgetMs?: number | undefined;
}

/** The p95 budget of a route, milliseconds. */
export const budgetOf = (route: RouteResult): number => route.budgetMs ?? BUDGET_P95_MS;

/** One component of a route's time, measured in isolation. */
export interface ComponentResult {
  component: string;
  latency: LatencySummary;
}

/** One step of the concurrency series: a target loaded by N clients. */
export interface ConcurrencyResult {
  target: string;
  load: LoadResult;
  /** 1-minute load average of the machine right after the step. */
  loadAverage: number;
}

/** Everything measured on one backend. */
export interface BackendResult {
  backend: Backend;
  dataset: SeededDataset;
  startMs: number;
  routes: RouteResult[];
  breakdown: ComponentResult[];
  plans: { query: string; plan: PlanSummary }[];
  concurrency: ConcurrencyResult[];
}

/**
 * Whether every Summy route of the concurrency series kept p99 within {@link MAX_P99_TO_P95}
 * times its p95 (the bare references are measured beside them, not held to it), and a line per
 * backend naming the worst step.
 */
export function tailBound(results: readonly BackendResult[]): { pass: boolean; lines: string[] } {
  let pass = true;
  const lines: string[] = [];
  for (const r of results) {
    const steps = r.concurrency.filter((x) => !x.target.startsWith('bare'));
    if (steps.length === 0) continue;
    const ratio = (x: ConcurrencyResult) => x.load.latency.p99 / x.load.latency.p95;
    const worst = steps.reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
    const ok = ratio(worst) <= MAX_P99_TO_P95;
    pass &&= ok;
    lines.push(
      `${r.backend}: tail ${ok ? 'PASS' : 'FAIL'} (worst p99/p95 ${tailRatio(worst.load)} on ${worst.target}, ${worst.load.clients} clients; bound ≤ ${MAX_P99_TO_P95})`,
    );
  }
  return { pass, lines };
}

/** p99 over p95 of one load step, e.g. '1.08x': how much longer the slowest 1% waited. */
export function tailRatio(load: LoadResult): string {
  return `${(load.latency.p99 / load.latency.p95).toFixed(2)}x`;
}

export function pad(cells: string[], widths: number[]): string {
  return `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
}

/**
 * A Markdown table whose first two columns are text (left) and the rest figures (right), laid out
 * as Prettier formats it, so the printed table pastes into docs/performance.md unchanged.
 */
export function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [
    pad(head, widths),
    `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map((r) => pad(r, widths)),
  ];
}

/** The main table: every route's HTTP and direct latency against the budget. */
export function routeTable(results: readonly BackendResult[]): string[] {
  const head = [
    'backend',
    'route',
    'p50 ms',
    'p95 ms',
    'direct p50',
    'direct p95',
    'ratio p50',
    'ratio p95',
    'budget p95',
  ];
  const rows = results.flatMap((r) =>
    r.routes.map((x) => [
      r.backend,
      x.route,
      ms(x.http.p50),
      ms(x.http.p95),
      ms(x.direct.p50),
      ms(x.direct.p95),
      `${(x.http.p50 / x.direct.p50).toFixed(1)}x`,
      `${(x.http.p95 / x.direct.p95).toFixed(1)}x`,
      `<${budgetOf(x)}ms ${x.http.p95 < budgetOf(x) ? 'PASS' : 'FAIL'}`,
    ]),
  );
  return table(head, rows);
}

/**
 * The concurrency table: requests per second and latency per target and client count (p50, p95,
 * p99 and p99 over p95 against {@link MAX_P99_TO_P95}), the server's longest event-loop stall, and
 * the route's throughput as a share of the bare Hono route's in the same step.
 */
export function concurrencyTable(results: readonly BackendResult[]): string[] {
  const head = [
    'backend',
    'target',
    'clients',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    `p99/p95 (≤${MAX_P99_TO_P95})`,
    'loop stall ms',
    'GC max / sum ms (full)',
    'errors',
    'of bare',
    'server CPU ms/req',
    'client CPU',
    'load avg',
  ];
  const rows = results.flatMap((r) =>
    r.concurrency.map((x) => {
      const bare = r.concurrency.find(
        (b) => b.target.startsWith('bare') && b.load.clients === x.load.clients,
      );
      const share =
        bare && !x.target.startsWith('bare')
          ? `${Math.round((100 * x.load.rps) / bare.load.rps)}%`
          : '';
      return [
        r.backend,
        x.target,
        String(x.load.clients),
        x.load.rps.toFixed(0),
        ms(x.load.latency.p50),
        ms(x.load.latency.p95),
        ms(x.load.latency.p99),
        tailRatio(x.load),
        x.load.serverLoopDelayMaxMs === undefined ? '' : x.load.serverLoopDelayMaxMs.toFixed(0),
        x.load.serverGcMaxMs === undefined
          ? ''
          : `${x.load.serverGcMaxMs.toFixed(0)} / ${x.load.serverGcMs!.toFixed(0)} (${x.load.serverMajorGcs})`,
        String(x.load.errors),
        share,
        x.load.serverCpuMsPerRequest === undefined ? '' : x.load.serverCpuMsPerRequest.toFixed(2),
        `${Math.round((100 * x.load.clientCpuMs) / x.load.windowMs)}%`,
        x.loadAverage.toFixed(2),
      ];
    }),
  );
  return table(head, rows);
}

/** Renders the results as Markdown tables (printed, and pasted into docs/performance.md). */
export function renderReport(results: readonly BackendResult[], n: number): string {
  const out: string[] = [];
  if (results.some((r) => r.concurrency.length > 0)) {
    out.push(
      'Concurrency (closed loop from a separate process; client CPU: the load process, share of one core; server CPU: CPU time of the server process per request answered; loop stall: the longest time the server read no socket):',
    );
    out.push('');
    out.push(...concurrencyTable(results));
    out.push('');
    out.push(...tailBound(results).lines);
    out.push('');
  }
  if (results.every((r) => r.routes.length === 0)) return out.join('\n');
  out.push(...routeTable(results));
  out.push('');
  for (const r of results) {
    const worst = r.routes.reduce((a, b) =>
      b.http.p95 / budgetOf(b) > a.http.p95 / budgetOf(a) ? b : a,
    );
    const pass = r.routes.every((x) => x.http.p95 < budgetOf(x));
    out.push(
      `${r.backend}: ${pass ? 'PASS' : 'FAIL'} (closest to its budget: HTTP p95 ${ms(worst.http.p95)} ms on ${worst.route}, budget p95 < ${budgetOf(worst)} ms; n=${n} per series)`,
    );
  }
  out.push('');
  out.push('Where the time goes (each piece timed alone, in the server process; ms):');
  out.push('');
  out.push(
    ...table(
      ['backend', 'component', 'p50 ms', 'p95 ms'],
      results.flatMap((r) =>
        r.breakdown.map((b) => [r.backend, b.component, ms(b.latency.p50), ms(b.latency.p95)]),
      ),
    ),
  );
  out.push('');
  out.push('Query plans (EXPLAIN ANALYZE, warm):');
  for (const r of results) {
    for (const p of r.plans) {
      out.push(
        `  ${r.backend} ${p.query}: planning ${p.plan.planningMs.toFixed(3)} ms, execution ${p.plan.executionMs.toFixed(3)} ms; ${p.plan.scans.map((s) => s.replace(/\s*\(cost=.*$/, '')).join('; ')}`,
      );
    }
  }
  return out.join('\n');
}
