/**
 * Share links: a read-only view of one meeting at `/s/{token}` for anyone holding the link, no
 * account needed. docs/product.md#share-links, docs/security.md#share-links.
 */
import { boundedText, TEXT_LIMITS } from './limits.ts';
import { z } from './zod.ts';

/** How long a new link lives: never expires, 7 days or 30 days. */
export const shareExpirySchema = z.enum(['never', '7d', '30d']);
export type ShareExpiry = z.infer<typeof shareExpirySchema>;

/** Parts of a meeting a link may show. `notes` (My notes) only when ticked. */
export const sharePartsSchema = z.object({
  summary: z.boolean(),
  actionItems: z.boolean(),
  transcript: z.boolean(),
  recording: z.boolean(),
  notes: z.boolean().default(false),
});
export type ShareParts = z.infer<typeof sharePartsSchema>;

/** A link's password: 4 to 200 characters. */
export const sharePasswordSchema = z.string().min(4, 'Use at least 4 characters').max(200);

/** Body of `POST /api/meetings/{id}/shares`. */
export const createShareLinkSchema = z
  .object({
    expiry: shareExpirySchema,
    /** Absent or null: the link opens without a password. */
    password: sharePasswordSchema.nullable().optional(),
    parts: sharePartsSchema,
  })
  .strict();
export type CreateShareLinkInput = z.infer<typeof createShareLinkSchema>;

/** A link as its owner lists it: never its token, which is stored only as a hash. */
export const shareLinkSchema = z.object({
  id: z.string().uuid(),
  meetingId: z.string().uuid(),
  meetingTitle: z.string(),
  parts: sharePartsSchema,
  hasPassword: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Null: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  viewCount: z.number().int(),
  lastViewedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `POST /api/meetings/{id}/shares` answer: the link with its token, shown this once. */
export const createdShareLinkSchema = shareLinkSchema.extend({
  /** 128 random bits in base64url (22 characters); the page is `/s/{token}`. */
  token: z.string(),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** `GET /api/meetings/{id}/shares` and `GET /api/shares`: live links (not revoked), newest first. */
export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });

/** An action item as a shared page shows it. */
export const sharedActionItemSchema = z.object({
  title: z.string(),
  assignedTo: z.string().nullable(),
  completed: z.boolean(),
});

/**
 * What `/api/s/{token}` answers: only the chosen parts; a part not chosen is null. Speaker names
 * are the owner's (`speakerNames`, label → name, applied by the page).
 */
export const sharedMeetingSchema = z.object({
  title: z.string(),
  date: z.iso.datetime({ offset: true }),
  /** Minutes. */
  duration: z.number(),
  summary: z.string().nullable(),
  actionItems: z.array(sharedActionItemSchema).nullable(),
  transcript: z.string().nullable(),
  speakerNames: z.record(z.string(), z.string()),
  /** A signed URL valid a few minutes (SHARE_AUDIO_TTL_S); null without a chosen recording. */
  audioUrl: z.string().nullable(),
  /** My notes as Markdown, only when the owner ticked them. */
  notes: z.string().nullable(),
});
export type SharedMeeting = z.infer<typeof sharedMeetingSchema>;

/** `GET /api/s/{token}` of a link with a password, until the password is given. */
export const sharePasswordNeededSchema = z.object({ passwordRequired: z.literal(true) });

/** `GET /api/s/{token}` answer: the meeting, or that a password is needed. */
export const sharedPageSchema = z.union([sharedMeetingSchema, sharePasswordNeededSchema]);
export type SharedPage = z.infer<typeof sharedPageSchema>;

/** Body of `POST /api/s/{token}`. */
export const openShareSchema = z.object({ password: z.string().max(200) }).strict();

/** Lifetime of a shared page's signed recording URL, in seconds: five minutes. */
export const SHARE_AUDIO_TTL_S = 300;

/** Body of `POST /api/meetings/{id}/viewers`: the e-mail of an account of this server. */
export const addMeetingViewerSchema = z
  .object({
    email: boundedText(TEXT_LIMITS.email).refine(
      (s) => /^[^\s@]+@[^\s@]+$/.test(s.trim()),
      'Enter an e-mail address',
    ),
  })
  .strict();
export type AddMeetingViewerInput = z.infer<typeof addMeetingViewerSchema>;

/** A viewer of a meeting: an account of this server that may read it, as its owner lists it. */
export const meetingViewerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  addedAt: z.iso.datetime({ offset: true }),
});
export type MeetingViewer = z.infer<typeof meetingViewerSchema>;

/** `GET /api/meetings/{id}/viewers`: the meeting's viewers, first added first. */
export const meetingViewerListSchema = z.object({ viewers: z.array(meetingViewerSchema) });

/** Who shared a meeting with the person reading it. */
export const meetingOwnerSchema = z.object({ name: z.string(), email: z.string() });

/** A meeting another account shared with this one, as 'Shared with me' lists it. */
export const sharedWithMeItemSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  date: z.iso.datetime({ offset: true }),
  /** Minutes. */
  duration: z.number(),
  owner: meetingOwnerSchema,
  sharedAt: z.iso.datetime({ offset: true }),
});
export type SharedWithMeItem = z.infer<typeof sharedWithMeItemSchema>;

/** `GET /api/shared-with-me`: meetings shared with this account, latest meeting first. */
export const sharedWithMeListSchema = z.object({ meetings: z.array(sharedWithMeItemSchema) });

/**
 * `GET /api/shared-with-me/{id}`: the meeting as a viewer reads it, the shared page's shape with
 * every part but My notes (which stay the owner's), and who shared it.
 */
export const viewedMeetingSchema = sharedMeetingSchema.extend({
  id: z.string().uuid(),
  owner: meetingOwnerSchema,
});
export type ViewedMeeting = z.infer<typeof viewedMeetingSchema>;

/** Lifetime of a viewer's signed recording URL, in seconds: one hour, as the owner's. */
export const VIEWER_AUDIO_TTL_S = 3600;
