/**
 * The live draft transcript: while a meeting records, the server decodes the uploaded chunks in
 * order, cuts speech with a voice activity detector (VAD) and transcribes each segment, so the
 * person sees what was said a few seconds after it was said. Segments are labelled by channel only
 * ('You', 'Call'), never by speaker: there is no diarization while live. The final pass after Stop
 * replaces them. docs/product.md#live-transcript.
 */
import { z } from './zod.ts';

/** The label of each channel's live text: channel 0 is the microphone, 1 the call. */
export const LIVE_CHANNEL_LABELS = ['You', 'Call'] as const;

/** The badge of live text until the final transcript replaces it. */
export const LIVE_DRAFT_LABEL = 'Live (draft)';

/**
 * Longest live segment (s): a longer stretch of speech is cut, so a monologue still shows text
 * while it goes on.
 */
export const LIVE_MAX_SEGMENT_S = 15;

/** Concurrent live meetings a server runs when LIVE_MAX_MEETINGS is not set. */
export const DEFAULT_LIVE_MAX_MEETINGS = 2;

/**
 * One transcribed stretch of speech of a recording in progress. `seq` numbers the meeting's
 * segments from 0 in the order they were published; `start` and `end` are seconds of recorded
 * audio from Start (pauses left out), as the final transcript counts them.
 */
export const liveSegmentSchema = z.object({
  seq: z.number().int().nonnegative(),
  /** 0 the microphone ('You'), 1 the call ('Call'). */
  channel: z.union([z.literal(0), z.literal(1)]),
  start: z.number().nonnegative().describe('seconds'),
  end: z.number().nonnegative().describe('seconds'),
  text: z.string(),
});
export type LiveSegment = z.infer<typeof liveSegmentSchema>;

/**
 * Where a meeting's live text stands: 'live' segments are coming; 'off' the person turned live
 * text off (or the server did, LIVE_MAX_MEETINGS=0); 'busy' the server already runs its most live
 * meetings, so the text comes after Stop; 'ended' the recording stopped (the final pass runs or
 * ran; the draft stays until its transcript is saved); 'none' the meeting never had live text
 * (an upload, or a recording before its first chunk).
 */
export const LIVE_STATES = ['live', 'off', 'busy', 'ended', 'none'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/**
 * Answer of `GET /api/meetings/:id/live`: the state and every segment so far, by `seq`. Once the
 * final transcript is saved the segments are gone (empty) and the transcript is the text.
 */
export const liveTranscriptSchema = z.object({
  state: z.enum(LIVE_STATES),
  segments: z.array(liveSegmentSchema),
});
export type LiveTranscript = z.infer<typeof liveTranscriptSchema>;

/**
 * Data of the realtime event 'live-segment': a new segment of one of the user's meetings. Events
 * of one meeting come in `seq` order; a client that sees a gap (or reconnects) reads
 * `GET /api/meetings/:id/live` again.
 */
export const liveSegmentEventSchema = z.object({
  meetingId: z.string().uuid(),
  segment: liveSegmentSchema,
});
export type LiveSegmentEvent = z.infer<typeof liveSegmentEventSchema>;

/** Data of the realtime event 'live-state': a meeting's live state changed. */
export const liveStateEventSchema = z.object({
  meetingId: z.string().uuid(),
  state: z.enum(LIVE_STATES),
});
export type LiveStateEvent = z.infer<typeof liveStateEventSchema>;

/** Body and answer of `GET`/`PUT /api/settings/recording`: the user's recording preferences. */
export const recordingPreferencesSchema = z.object({
  /** Show a live draft transcript while recording (default true). */
  liveTranscript: z.boolean(),
});
export type RecordingPreferences = z.infer<typeof recordingPreferencesSchema>;

/** The words of the live panel, shared by the web app and its tests. */
export const LIVE_TEXT = {
  region: 'Live transcript',
  empty: 'Live text appears here a few seconds after someone speaks.',
  off: 'Live text is off. The transcript appears after you stop.',
  busy: 'Live text is busy on this server. The transcript appears after you stop.',
  /** The notice when the server runs its most live meetings already. */
  busyNotice: 'Live text is busy',
  ended: 'Recording stopped. The final transcript replaces this draft when it is ready.',
} as const;

/** The label of a live segment's channel ('You' or 'Call'). */
export function liveChannelLabel(channel: 0 | 1): string {
  return LIVE_CHANNEL_LABELS[channel];
}
