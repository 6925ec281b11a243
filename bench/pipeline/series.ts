/** Budgets, result shapes and small helpers shared by the pipeline bench's modules. */
import { type UploadFile } from './upload.ts';
import { summarize } from '../api/stats.ts';
import { type Recording } from './audio.ts';

/** Budget of the pipeline overhead for a 60-minute recording, milliseconds (median). */
export const PIPELINE_BUDGET_MS = 5000;

/** Budget of the server's peak RSS while receiving an upload, bytes (decimal MB). */
export const RSS_BUDGET_BYTES = 250e6;

/**
 * "Flat": how much the RSS may grow during the upload. A server that buffered the upload would
 * grow by at least the file's size (99.6 MB); a streaming one by its buffers only.
 */
export const RSS_GROWTH_BUDGET_BYTES = 50e6;

/** Polling interval of the meeting detail while the job runs, milliseconds. */
export const POLL_MS = 20;

/** Sampling interval of the RSS, milliseconds. */
export const RSS_INTERVAL_MS = 20;

export type Backend = 'pglite' | 'postgres';

/** Timestamps of one pipeline run (performance.now(), this process). */
export interface Marks {
  picked?: number;
  sttStart?: number;
  sttEnd?: number;
  textStart?: number;
  itemsEnd?: number;
}

/** One timed upload-to-processed run. */
export interface PipelineRun {
  totalMs: number;
  uploadMs: number;
  jobMs: number;
  /** 201 → the worker resolved the tools (pg-boss polls every second). */
  queueMs: number;
  /** Tools resolved → speech-to-text called: progress event, storage lookup. */
  toSttMs: number;
  /** Speech-to-text answered → first text-model call: transcript text, progress event. */
  transcriptMs: number;
  /** First text-model call → action items answered (scripted: the progress events between). */
  textMs: number;
  /** Action items answered → the poll sees the meeting processed: save transaction, poll lag. */
  saveMs: number;
  /** Characters of the stored transcript. */
  transcriptChars: number;
}

export interface PipelineSeries {
  backend: Backend;
  file: Recording;
  words: number;
  runs: PipelineRun[];
}

export interface ReferenceSeries {
  file: Recording;
  copyFileMs: number[];
  bareMs: number[];
  bareFsyncMs: number[];
}

/** One upload of the memory measurement; bytes of RSS. */
export interface MemoryUpload {
  beforeBytes: number;
  peakBytes: number;
  /** RSS right after the 201. */
  afterBytes: number;
  /** VmHWM right after the 201: the peak since the process started. */
  hwmBytes: number;
  uploadMs: number;
  /** RSS samples taken during the upload. */
  samples: number;
}

export interface MemoryResult {
  server: string;
  database: string;
  fileBytes: number;
  /** RSS two seconds after the server said it was ready, before any request. */
  idleBytes: number;
  /** Consecutive uploads of the same file (the first is the one a fresh server meets). */
  uploads: MemoryUpload[];
  /** Whether budgets apply (false for the bare reference). */
  budgeted: boolean;
}

/** Uploads of the same file per server in the memory measurement. */
export const MEMORY_UPLOADS = 2;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const median = (xs: readonly number[]) => summarize(xs).p50;

export const min = (xs: readonly number[]) => summarize(xs).min;

export const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

export const msText = (ms: number) => Math.round(ms).toString();

export const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0';

export function asUpload(file: Recording): UploadFile {
  return { path: file.path, fileName: file.fileName, mimeType: file.mimeType };
}
