/**
 * The contract of every job queue: its name and the schema of the payload its jobs carry, declared
 * once. Senders (services, typed through jobs/boss.ts's `send`) and workers (jobs/queues/*, which
 * add options and a handler) both take them from here. It imports zod only, so a service that
 * queues a job depends on this contract, not on every queue's handler.
 */
import { z } from 'zod';

/** `meeting.process`: a meeting's stored audio through the pipeline (jobs/queues/meeting-process.ts). */
export const MEETING_PROCESS = {
  name: 'meeting.process',
  payload: z.object({
    meetingId: z.string(),
    userId: z.string(),
    /** Storage key of the audio in bucket 'recordings'. */
    audioKey: z.string(),
    /** Declared MIME type of the audio. */
    mimeType: z.string(),
    /** Which pipeline applies: a browser recording's stop, or an upload. */
    source: z.enum(['upload', 'recording']),
    /** Original file name (upload), for the fallback title. */
    fileName: z.string().optional(),
    /**
     * A meeting transcribed before, run again on its stored audio
     * (services/meetings/retranscribe-meeting.ts): a failed transcription keeps what it had, the
     * title falls back to the current one, and the earlier run's untouched action items are
     * replaced.
     */
    retranscribe: z.boolean().optional(),
  }),
} as const;

/** `meeting.summarize`: a stored transcript summarised again; model and template resolved when asked. */
export const MEETING_SUMMARIZE = {
  name: 'meeting.summarize',
  payload: z.object({
    meetingId: z.string(),
    userId: z.string(),
    /** Template id ('stand-up'). */
    template: z.string(),
    /** 'auto' or 'provider:model'. */
    model: z.string(),
  }),
} as const;

/** `transcription.run`: a durable job of `POST /api/start`. */
export const TRANSCRIPTION_RUN = {
  name: 'transcription.run',
  payload: z.object({
    userId: z.string(),
    /** Storage key of the audio in bucket 'recordings'; starts with `userId/`. */
    audioKey: z.string(),
    mimeType: z.string(),
    language: z.string(),
    /** The provider model asked for (the configured provider decides; recorded for the record). */
    model: z.string(),
    /** Which parts of the documented answer to compute. */
    features: z.object({
      diarize: z.boolean(),
      summarize: z.boolean(),
      topics: z.boolean(),
      intents: z.boolean(),
      sentiments: z.boolean(),
      utterances: z.boolean(),
    }),
  }),
} as const;

/** `contacts.sync`: one user's contacts sync. */
export const CONTACTS_SYNC = {
  name: 'contacts.sync',
  payload: z.object({ userId: z.string() }),
} as const;

/** `contacts.sync-all`: the schedule's fan-out to every connected user; carries nothing. */
export const CONTACTS_SYNC_ALL = { name: 'contacts.sync-all', payload: z.object({}) } as const;

/** `search.index`: a rebuild of one user's stale search passages. */
export const SEARCH_INDEX = {
  name: 'search.index',
  payload: z.object({ userId: z.string() }),
} as const;

/** `webhook.deliver`: one webhook delivery; the delivery row to send. */
export const WEBHOOK_DELIVER = {
  name: 'webhook.deliver',
  payload: z.object({ deliveryId: z.string() }),
} as const;

/**
 * `meeting.live`: the live draft transcript of one recording in progress
 * (services/live/run-live-session.ts): follows the meeting's chunks until Stop.
 */
export const MEETING_LIVE = {
  name: 'meeting.live',
  payload: z.object({ meetingId: z.string(), userId: z.string() }),
} as const;

/** Every queue's payload schema, by queue name; `send` parses with it before queueing. */
export const JOB_PAYLOADS = {
  [MEETING_PROCESS.name]: MEETING_PROCESS.payload,
  [MEETING_SUMMARIZE.name]: MEETING_SUMMARIZE.payload,
  [TRANSCRIPTION_RUN.name]: TRANSCRIPTION_RUN.payload,
  [CONTACTS_SYNC.name]: CONTACTS_SYNC.payload,
  [CONTACTS_SYNC_ALL.name]: CONTACTS_SYNC_ALL.payload,
  [SEARCH_INDEX.name]: SEARCH_INDEX.payload,
  [WEBHOOK_DELIVER.name]: WEBHOOK_DELIVER.payload,
  [MEETING_LIVE.name]: MEETING_LIVE.payload,
};

/** A queue name. */
export type QueueName = keyof typeof JOB_PAYLOADS;

/** The payload a job of each queue carries (after parsing). */
export type QueuePayloads = { [N in QueueName]: z.output<(typeof JOB_PAYLOADS)[N]> };

/** Payload of a `meeting.process` job. */
export type MeetingProcessJob = QueuePayloads['meeting.process'];
/** Payload of a `meeting.summarize` job. */
export type SummaryJob = QueuePayloads['meeting.summarize'];
/** Payload of a `meeting.live` job. */
export type MeetingLiveJob = QueuePayloads['meeting.live'];
/** Payload of a `transcription.run` job. */
export type TranscriptionJobData = QueuePayloads['transcription.run'];
