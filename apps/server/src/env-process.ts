/**
 * The process settings of the env schema (`loadEnv`): which part of Summy this process runs
 * (SUMMY_ROLE) and how many jobs of each kind it works at once (JOBS_CONCURRENCY_*).
 * docs/decisions/063-process-roles.md.
 */
import { z } from 'zod';
import { DEFAULT_LIVE_MAX_MEETINGS } from '@summy/core';

/**
 * What a process runs. `all`: the web server and every job queue (one machine). `web`: the HTTP
 * API, the web app and the realtime streams; it enqueues jobs but works none. `worker`: the job
 * queues, with an HTTP server that answers only `/api/health` and `/metrics`.
 */
export type ProcessRole = 'all' | 'web' | 'worker';

/** The kinds of job whose concurrency is a setting, each a group of queues (jobs/registry.ts). */
export type JobKind = 'transcription' | 'notes' | 'contacts' | 'search' | 'webhooks' | 'live';

/** Jobs of each kind a process works at once; 0 = this process does not work that kind. */
export type JobConcurrency = Record<JobKind, number>;

/** The process settings, validated. */
export interface ProcessSettings {
  /** SUMMY_ROLE, default 'all'. */
  role: ProcessRole;
  /**
   * JOBS_CONCURRENCY_TRANSCRIPTION (default 1: speech to text uses every core),
   * JOBS_CONCURRENCY_NOTES (2), JOBS_CONCURRENCY_CONTACTS (1), JOBS_CONCURRENCY_SEARCH (1),
   * JOBS_CONCURRENCY_WEBHOOKS (4), and `live`: LIVE_MAX_MEETINGS (2). A role that works no jobs
   * ignores them.
   */
  concurrency: JobConcurrency;
  /**
   * LIVE_MAX_MEETINGS: live draft transcripts that may run at once on this installation (default
   * DEFAULT_LIVE_MAX_MEETINGS, 2; 0 = no live text). Each runs one decoder and recognises speech
   * while its meeting records; the meetings beyond record as before, with a notice.
   */
  liveMaxMeetings: number;
}

/** The defaults of {@link ProcessSettings.concurrency}: what one process on a small machine runs. */
export const DEFAULT_JOB_CONCURRENCY: JobConcurrency = {
  transcription: 1,
  notes: 2,
  contacts: 1,
  search: 1,
  webhooks: 4,
  live: DEFAULT_LIVE_MAX_MEETINGS,
};

const concurrency = (kind: JobKind) => {
  const name = `JOBS_CONCURRENCY_${kind.toUpperCase()}`;
  return z.coerce
    .number({ message: `${name} must be a number of jobs` })
    .int(`${name} must be a whole number of jobs`)
    .min(0, `${name} must be between 0 and 64`)
    .max(64, `${name} must be between 0 and 64`)
    .default(DEFAULT_JOB_CONCURRENCY[kind]);
};

/** The settings' schema, by name, spread into the env schema. */
export const processSettingsShape = {
  SUMMY_ROLE: z
    .enum(['all', 'web', 'worker'], { message: 'SUMMY_ROLE must be all, web or worker' })
    .default('all'),
  JOBS_CONCURRENCY_TRANSCRIPTION: concurrency('transcription'),
  JOBS_CONCURRENCY_NOTES: concurrency('notes'),
  JOBS_CONCURRENCY_CONTACTS: concurrency('contacts'),
  JOBS_CONCURRENCY_SEARCH: concurrency('search'),
  JOBS_CONCURRENCY_WEBHOOKS: concurrency('webhooks'),
  LIVE_MAX_MEETINGS: z.coerce
    .number({ message: 'LIVE_MAX_MEETINGS must be a number of meetings' })
    .int('LIVE_MAX_MEETINGS must be a whole number of meetings')
    .min(0, 'LIVE_MAX_MEETINGS must be between 0 and 64')
    .max(64, 'LIVE_MAX_MEETINGS must be between 0 and 64')
    .default(DEFAULT_LIVE_MAX_MEETINGS),
};

/**
 * The validated values as {@link ProcessSettings}.
 * @param databaseUrl DATABASE_URL: the web and worker roles need PostgreSQL
 * @returns a message naming the setting when the combination cannot run, else the settings
 */
export function processSettings(
  v: {
    SUMMY_ROLE: ProcessRole;
    JOBS_CONCURRENCY_TRANSCRIPTION: number;
    JOBS_CONCURRENCY_NOTES: number;
    JOBS_CONCURRENCY_CONTACTS: number;
    JOBS_CONCURRENCY_SEARCH: number;
    JOBS_CONCURRENCY_WEBHOOKS: number;
    LIVE_MAX_MEETINGS: number;
  },
  databaseUrl: string | undefined,
): ProcessSettings | string {
  // The embedded database serves one process, so the other role would have nothing to share.
  if (v.SUMMY_ROLE !== 'all' && !databaseUrl) {
    return `SUMMY_ROLE=${v.SUMMY_ROLE} needs DATABASE_URL: the embedded database (PGlite) serves one process, so web and worker processes share a PostgreSQL database`;
  }
  return {
    role: v.SUMMY_ROLE,
    concurrency: {
      transcription: v.JOBS_CONCURRENCY_TRANSCRIPTION,
      notes: v.JOBS_CONCURRENCY_NOTES,
      contacts: v.JOBS_CONCURRENCY_CONTACTS,
      search: v.JOBS_CONCURRENCY_SEARCH,
      webhooks: v.JOBS_CONCURRENCY_WEBHOOKS,
      // A live session is one long job: the worker runs as many as may run at once.
      live: v.LIVE_MAX_MEETINGS,
    },
    liveMaxMeetings: v.LIVE_MAX_MEETINGS,
  };
}
