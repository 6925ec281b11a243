/**
 * The process's Prometheus registry (prom-client). One per process, made when the module loads,
 * so the metric definitions (metrics/definitions.ts) register once however many servers a process
 * starts (the tests start several): they count for the whole process, and each server's `/metrics`
 * adds only what it reads at scrape time (metrics/routes.ts). docs/decisions/060-metrics.md.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

/** Prefix of every Summy metric name, the process defaults' included. */
export const METRIC_PREFIX = 'summy_';

/** The process-wide metrics: HTTP, jobs, transcription, model downloads, process defaults. */
export const processRegistry = new Registry();

let defaultsStarted = false;

/**
 * Starts prom-client's process metrics (CPU seconds, resident memory, heap, event loop lag, GC,
 * open handles) into {@link processRegistry} under the `summy_` prefix, once per process: a second
 * call does nothing, where prom-client would throw on names already registered. Called only when a
 * server serves `/metrics`, since the event loop and GC observers cost a little all the time.
 */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
}
