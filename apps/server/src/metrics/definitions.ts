/**
 * Summy's own process-wide metrics, in {@link processRegistry}. Every label takes values from a
 * bounded set (route patterns, queue names, provider and catalog model ids, status classes), never
 * from user input or ids, so the number of series stays fixed. docs/self-hosting.md#metrics
 * describes each one; docs/decisions/060-metrics.md why they are these.
 */
import { Counter, Histogram } from 'prom-client';
import { processRegistry } from './registry.ts';

const registers = [processRegistry];

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers });

/** `buckets`: upper bounds in the metric's unit. */
const histogram = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
) => new Histogram<L>({ name, help, labelNames, buckets, registers });

/**
 * Seconds from a request's arrival to its answer's start (for a stream: when it starts), by
 * `method`, `route` (the matched pattern, '/api/meetings/:id') and `status` class ('2xx').
 */
export const httpRequestDuration = histogram(
  'summy_http_request_duration_seconds',
  'HTTP request duration in seconds until the answer starts, by method, route pattern and status class',
  ['method', 'route', 'status'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);

/**
 * Seconds a job handler ran, by `queue` and `outcome` ('completed' or 'failed'; a batch with one
 * failed job is 'failed').
 */
export const jobDuration = histogram(
  'summy_job_duration_seconds',
  'Job handler duration in seconds, by queue and outcome',
  ['queue', 'outcome'],
  [0.05, 0.25, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
);

/** Failed job tries, by `queue` and `final` ('true': no retry is left, the job failed for good). */
export const jobFailures = counter(
  'summy_job_failures_total',
  'Failed job tries, by queue and whether it was the last try',
  ['queue', 'final'],
);

const byProvider = ['provider', 'model'] as const;

/**
 * Transcription metrics by speech-to-text `provider` and `model` (catalog id, '' when the provider
 * names none): `rtf`, the real-time factor, processing seconds per second of audio (0.1 = ten
 * times faster than real time); `audioSeconds` transcribed; `failures` (not those stopped on
 * purpose).
 */
export const transcription = {
  rtf: histogram(
    'summy_transcription_real_time_factor',
    'Transcription processing seconds per audio second, by provider and model',
    byProvider,
    [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5],
  ),
  audioSeconds: counter(
    'summy_transcription_audio_seconds_total',
    'Seconds of audio transcribed, by provider and model',
    byProvider,
  ),
  failures: counter(
    'summy_transcription_failures_total',
    'Failed transcriptions, by provider and model',
    byProvider,
  ),
};

/**
 * Model download counters by catalog `model` id: `started`, `completed` (installed), `failed`
 * (a pause or a cancel is neither), and `bytes` received over the network (a resumed download
 * counts only its new bytes).
 */
export const modelDownloads = {
  started: counter('summy_model_downloads_started_total', 'Model downloads started', ['model']),
  completed: counter('summy_model_downloads_completed_total', 'Model downloads installed', [
    'model',
  ]),
  failed: counter('summy_model_downloads_failed_total', 'Model downloads failed', ['model']),
  bytes: counter('summy_model_download_bytes_total', 'Bytes of model downloads received', [
    'model',
  ]),
};
