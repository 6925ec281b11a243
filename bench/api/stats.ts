/**
 * Latency statistics for the API benchmark: sequential timing loops and nearest-rank
 * percentiles over the recorded samples.
 */
import { performance } from 'node:perf_hooks';

/** Summary of one series of latencies, all in milliseconds. */
export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/**
 * Nearest-rank percentile of already sorted samples. Nearest rank (rather than interpolation)
 * means the reported p95 is a latency that some request really had.
 * @param sorted samples in ascending order (not empty)
 * @param p percentile between 0 and 100
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of an empty series');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Summarizes a series of latencies (milliseconds). */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    mean: sum / sorted.length,
  };
}

/**
 * Runs `fn` `warmup` times untimed, then `n` times one after another, timing each call with
 * `performance.now()`. Sequential on purpose: the budget is about the latency one user sees,
 * not throughput under load.
 * @param fn one operation; receives the iteration number (warm-up calls get negative numbers)
 */
export async function measure(
  n: number,
  warmup: number,
  fn: (i: number) => Promise<unknown>,
): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples[i] = performance.now() - t0;
  }
  return summarize(samples);
}

/** Milliseconds with two decimals, for tables. */
export function ms(value: number): string {
  return value.toFixed(2);
}
