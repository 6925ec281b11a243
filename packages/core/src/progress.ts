/**
 * Processing progress and notices sent to the browser over `GET /api/events`.
 */
import { z } from './zod.ts';

/** Progress labels of the recorder panel. */
export const PROGRESS_LABELS = [
  'Uploading',
  'Transcribing',
  'Summarizing',
  'Analyzing',
  'Saving',
  'Converting',
  'Processing',
] as const;
export type ProgressLabel = (typeof PROGRESS_LABELS)[number];

/** SSE event `progress`: a step of a meeting's pipeline started. */
export const progressEventSchema = z.object({
  meetingId: z.string(),
  label: z.enum(PROGRESS_LABELS),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/** SSE event `notice`: a toast the user should see (title / description as in docs/product.md). */
export const noticeEventSchema = z.object({
  meetingId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  variant: z.enum(['success', 'error', 'info']),
  /** What went wrong, for an error notice (e.g. 'The file is truncated: …'). */
  details: z.string().optional(),
});
export type NoticeEvent = z.infer<typeof noticeEventSchema>;

/** The notices of the pipelines, in the documented words. */
export const NOTICES = {
  recordingEmpty: {
    title: 'Recording failed',
    description: 'No audio data was recorded',
    variant: 'error',
  },
  recordingNoSpeech: {
    title: 'Saved',
    description: 'No speech detected in recording',
    variant: 'info',
  },
  recordingSaved: { title: 'Saved', description: 'Meeting saved', variant: 'success' },
  uploadNoSpeech: {
    title: 'Upload completed',
    description: 'No speech detected in file. Saved audio without transcript.',
    variant: 'info',
  },
  uploadSummaryFailed: {
    title: 'Saved',
    description:
      'File transcribed successfully. Summary generation failed but can be retried later.',
    variant: 'info',
  },
  uploadSaved: { title: 'Saved', description: 'Upload processed', variant: 'success' },
  uploadFailed: {
    title: 'Upload failed',
    description: 'Failed to process the uploaded file',
    variant: 'error',
  },
  transcriptionFailed: {
    title: 'Transcription failed',
    description: 'Saved the audio without a transcript',
    variant: 'error',
  },
  /** Re-transcription saved the new transcript, summary and action items. */
  retranscriptionSaved: {
    title: 'Saved',
    description: 'Meeting transcribed again',
    variant: 'success',
  },
  /** Re-transcription failed: the meeting keeps its earlier transcript. */
  retranscriptionFailed: {
    title: 'Transcription failed',
    description: 'The meeting keeps its earlier transcript',
    variant: 'error',
  },
  /** A summary regeneration saved its summary. */
  summaryRegenerated: {
    title: 'Summary regenerated',
    description: 'The meeting has a new summary',
    variant: 'success',
  },
  /** A summary regeneration failed: the meeting keeps its earlier summary. */
  summaryRegenerationFailed: {
    title: 'Summary generation failed',
    description: 'The meeting keeps its earlier summary',
    variant: 'error',
  },
} as const satisfies Record<string, Omit<NoticeEvent, 'meetingId'>>;
