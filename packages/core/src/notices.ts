/**
 * Notices a person can dismiss for good: the app stops showing them to that person on every
 * browser and after every sign-out, so the dismissal is kept on the server with their settings.
 * The shapes of `/api/settings/notices`. No I/O here.
 */
import { z } from './zod.ts';

/**
 * The dismissible notices: 'rough-transcription' is the slim notice that only the built-in
 * PocketSphinx recognizer can transcribe on this server, with the download of the local model
 * (docs/decisions/020-retranscription-and-first-run-prompt.md).
 */
export const NOTICE_IDS = ['rough-transcription'] as const;

/** One of {@link NOTICE_IDS}. */
export const noticeIdSchema = z.enum(NOTICE_IDS);
export type NoticeId = z.infer<typeof noticeIdSchema>;

/** Answer of `GET`/`PUT /api/settings/notices`: the notices this person dismissed. */
export const noticesSchema = z.object({ dismissed: z.array(noticeIdSchema) });
export type Notices = z.infer<typeof noticesSchema>;

/** Body of `PUT /api/settings/notices`: the notice to dismiss (dismissing it again is fine). */
export const dismissNoticeSchema = z.object({ dismiss: noticeIdSchema }).strict();
export type DismissNoticeInput = z.infer<typeof dismissNoticeSchema>;
