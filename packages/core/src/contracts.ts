/**
 * Request and answer shapes of the data API, shared by the server (validation, OpenAPI) and the web
 * app (typed fetchers). Field names follow the app's shapes (camelCase).
 */
import { z } from './zod.ts';
import { callCaptureSchema, channelLayoutSchema } from './channels.ts';
import { speakerSuggestionSchema } from './speaker-names.ts';
import { writtenNotesSchema } from './notes.ts';
import {
  boundedDate,
  boundedDurationMinutes,
  boundedText,
  MAX_DURATION_MINUTES,
  TEXT_LIMITS,
} from './limits.ts';

const isoDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

/** A topic of a meeting summary with its confidence (0 to 1). */
export const topicSchema = z.object({ topic: z.string(), confidence: z.number().min(0).max(1) });

/** A calendar attendee stored on a meeting (JSON list of email and name). */
export const attendeeSchema = z.object({ email: z.string(), name: z.string().nullish() });

/** An attendee as a request carries it: bounded text. */
const attendeeInputSchema = z.object({
  email: boundedText(TEXT_LIMITS.email),
  name: boundedText(TEXT_LIMITS.personName).nullish(),
});

/** A topic as a request carries it: bounded text. */
const topicInputSchema = z.object({
  topic: boundedText(TEXT_LIMITS.topic),
  confidence: z.number().min(0).max(1),
});

/**
 * A row of the meeting list: id, title, date, duration and user id only, plus the two flags the
 * sidebar's icons need and the participants' names that the /meetings screen and the Home dashboard
 * show. `participants` is optional so answers of older servers still parse.
 */
export const meetingListItemSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  date: isoDate,
  duration: z.number().describe('minutes'),
  user_id: z.string(),
  isRecording: z.boolean(),
  isProcessing: z.boolean(),
  participants: z.array(z.string()).optional(),
});
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;

/** One page of the meeting list, date descending; `nextCursor` fetches the next page. */
export const meetingListSchema = z.object({
  items: z.array(meetingListItemSchema),
  nextCursor: z.string().nullable(),
});
export type MeetingList = z.infer<typeof meetingListSchema>;

/** An action item of a meeting in the app's shape. */
export const actionItemSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  assignedTo: z.string().nullable(),
  completed: z.boolean(),
  completedAt: isoDate.nullable(),
  priority: z.boolean(),
  meetingId: z.string().uuid().nullable(),
  /** The Linear issue this item was sent to; absent in older answers. */
  linearIssueId: z.string().nullable().optional(),
  /** That issue's page on linear.app. */
  linearIssueUrl: z.string().nullable().optional(),
});

/**
 * Which speech-to-text engine transcribed a meeting: the provider id of the server's catalog
 * ('offline' is the PocketSphinx fallback, 'local' the downloaded models, 'deepgram', 'openai')
 * and, when the provider names it, the model id (e.g. a catalog model id).
 */
export const meetingTranscriptionSchema = z.object({
  provider: z.string(),
  model: z.string().optional(),
});
export type MeetingTranscription = z.infer<typeof meetingTranscriptionSchema>;

/**
 * The text engine that wrote a meeting's current title, summary and action items. `id` is
 * 'offline' for the extractive generator (no language model), 'provider:model' for a cloud model
 * ('anthropic:claude-sonnet-4-20250514') or 'local:<model id>'; `label` is its name in the text
 * model catalog ('Claude Sonnet 4', 'Offline'), or the model id when the catalog lists none.
 */
export const notesEngineSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
});
export type NotesEngine = z.infer<typeof notesEngineSchema>;

/** The engine id of the offline extractive generator. */
export const OFFLINE_NOTES_ENGINE = 'offline';

/** A single meeting in the app's shape. */
export const meetingSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  date: isoDate,
  duration: z.number().describe('minutes'),
  /** As stored: speaker labels as transcribed; `speakerNames` gives the name shown for each. */
  transcript: z.string().nullable(),
  /** With the speaker names applied. */
  summary: z.string().nullable(),
  /**
   * Original transcript label ('Speaker 2') → the name the user gave it; a label not in it shows
   * as itself. Two labels with one name are one person (merged).
   */
  speakerNames: z.record(z.string(), z.string()),
  /** Original label → a name suggested from voice profiles, until accepted or dismissed. */
  speakerSuggestions: z.record(z.string(), speakerSuggestionSchema),
  audioUrl: z.string().nullable(),
  isRecording: z.boolean(),
  isProcessing: z.boolean(),
  isPaused: z.boolean(),
  topics: z.array(topicSchema),
  /** Start and end (seconds) of each stored speaker turn, in transcript order; empty when unknown. */
  turnTimes: z.array(z.object({ speaker: z.number().int(), start: z.number(), end: z.number() })),
  actionItems: z.array(actionItemSchema),
  /** The speakers heard, with their names. */
  participants: z.array(z.string()),
  /** The engine of the stored transcript; null when not transcribed (or before it was recorded). */
  transcription: meetingTranscriptionSchema.nullable(),
  calendarEventId: z.string().nullable(),
  calendarEventTitle: z.string().nullable(),
  calendarEventAttendees: z.array(attendeeSchema).nullable(),
  calendarRecurringEventId: z.string().nullable(),
  /** The linked Google account (`account` row id) the event came through; null when not linked. */
  calendarAccountId: z.string().nullable(),
  /** That account's e-mail, kept after the account is removed. */
  calendarAccountEmail: z.string().nullable(),
  /** True once the linked account was removed; the calendar fields stay. */
  calendarAccountRemoved: z.boolean(),
  /**
   * True from `POST /api/meetings/:id/summary` until the new summary is saved or the run failed;
   * meanwhile `summary` is the previous one.
   */
  summaryRegenerating: z.boolean(),
  /** Label of the model that wrote `summary` ('Claude Sonnet 4', 'Offline'); null before it was recorded. */
  summaryModel: z.string().nullable(),
  /** Template id `summary` was written in ('stand-up'); null before it was recorded. */
  summaryTemplate: z.string().nullable(),
  /** Which engine wrote the title, summary and action items; null before it was recorded. */
  notesEngine: notesEngineSchema.nullable(),
  /**
   * Why the last summary regeneration failed ('Summary generation failed: <cause>'); null when
   * it did not or none ran. The summary is then still the previous one.
   */
  summaryError: z.string().nullable(),
  /** `["me", "them"]` for a two-channel call recording (channel 0 me, 1 the call); else null. */
  channels: channelLayoutSchema,
  /** Seconds into the recording at which the call's audio ended; null when it did not. */
  callAudioEndedAt: z.number().nullable(),
  /** What merging a call's two channels found; null for one source or before processing. */
  capture: callCaptureSchema.nullable(),
  /**
   * The summary written around the owner's My notes, with each bullet's origin and citations;
   * null when the meeting had no notes when the summary was written (`summary` is then the
   * template's). `summary` holds the same notes as plain Markdown.
   */
  writtenNotes: writtenNotesSchema.nullable(),
  updated_at: isoDate,
});
export type Meeting = z.infer<typeof meetingSchema>;

/** Answer of `POST /api/meetings/:id/retranscribe` (202): the meeting, processing again. */
export const retranscribeAnswerSchema = z.object({ meeting: meetingSchema });
export type RetranscribeAnswer = z.infer<typeof retranscribeAnswerSchema>;

/**
 * Answer of `POST /api/meetings/:id/summary` (202): the meeting with `summaryRegenerating` true and
 * its previous summary.
 */
export const regenerateSummaryAnswerSchema = z.object({ meeting: meetingSchema });
export type RegenerateSummaryAnswer = z.infer<typeof regenerateSummaryAnswerSchema>;

/**
 * Body of `POST /api/meetings`; every field optional (a new recording starts with defaults). Text
 * lengths are those of `TEXT_LIMITS` (transcript 2,000,000 characters), no NUL anywhere; `date` in
 * years 1970 to 2200; `duration` 0 to 2880 minutes.
 */
export const createMeetingSchema = z
  .object({
    title: boundedText(TEXT_LIMITS.title).trim().min(1),
    date: boundedDate,
    duration: boundedDurationMinutes,
    participants: z.array(boundedText(TEXT_LIMITS.personName)).max(500),
    transcript: boundedText(TEXT_LIMITS.transcript).nullable(),
    summary: boundedText(TEXT_LIMITS.summary).nullable(),
    isRecording: z.boolean(),
    isProcessing: z.boolean(),
    isPaused: z.boolean(),
    topics: z.array(topicInputSchema).max(100),
    /** A recording of a call: `["me", "them"]` (channel 0 the microphone, 1 the call). */
    channels: channelLayoutSchema,
  })
  .partial()
  .strict();
export type CreateMeetingInput = z.infer<typeof createMeetingSchema>;

/** Body of `PATCH /api/meetings/:id`: the same fields plus the calendar link. */
export const updateMeetingSchema = createMeetingSchema
  .extend({
    calendarEventId: boundedText(TEXT_LIMITS.identifier).nullable(),
    calendarEventTitle: boundedText(TEXT_LIMITS.title).nullable(),
    calendarEventAttendees: z.array(attendeeInputSchema).max(1000).nullable(),
    calendarRecurringEventId: boundedText(TEXT_LIMITS.identifier).nullable(),
    /** Seconds into the recording at which the call's audio ended (0 to 48 hours). */
    callAudioEndedAt: z
      .number()
      .min(0)
      .max(2880 * 60)
      .nullable(),
  })
  .partial()
  .strict();
export type UpdateMeetingInput = z.infer<typeof updateMeetingSchema>;

/** A to-do in the app's shape. */
export const todoSchema = actionItemSchema.extend({
  createdAt: isoDate,
  dueDate: isoDate.nullable(),
  /** Linear issue id once sent to Linear (`POST /api/todos/:id/linear`), else null. */
  linearIssueId: z.string().nullable(),
  /** Linear issue URL once sent to Linear, else null. */
  linearIssueUrl: z.string().nullable(),
  /**
   * Title of the source meeting, for the to-do screen's link to it: set in `GET /api/todos` answers
   * when `meetingId` is, absent from create and update answers.
   */
  meetingTitle: z.string().nullable().optional(),
  /**
   * Date of the source meeting, beside its title in the link: meetings of one series share a
   * title, and the date tells them apart. Set with `meetingTitle`.
   */
  meetingDate: isoDate.nullable().optional(),
});
export type Todo = z.infer<typeof todoSchema>;

/**
 * Body of `POST /api/todos`. A new to-do may be created empty ("created empty"). Title 1,000,
 * description 10,000, assignee 500 characters, no NUL; `dueDate` in 1970 to 2200.
 */
export const createTodoSchema = z
  .object({
    // Titles are trimmed; a title of spaces is stored empty.
    title: boundedText(TEXT_LIMITS.todoTitle).trim().default(''),
    description: boundedText(TEXT_LIMITS.description).nullable().optional(),
    assignedTo: boundedText(TEXT_LIMITS.personName).nullable().optional(),
    completed: z.boolean().optional(),
    priority: z.boolean().optional(),
    meetingId: z.string().uuid().nullable().optional(),
    dueDate: boundedDate.nullable().optional(),
  })
  .strict();
export type CreateTodoInput = z.infer<typeof createTodoSchema>;

/** Body of `PATCH /api/todos/:id`. */
// The create schema's `title` default must not reach updates: a PATCH without a title would erase
// it.
export const updateTodoSchema = createTodoSchema
  .extend({ title: boundedText(TEXT_LIMITS.todoTitle).trim() })
  .omit({ meetingId: true })
  .partial()
  .strict();
export type UpdateTodoInput = z.infer<typeof updateTodoSchema>;

/** A chat in the app's shape. */
export const chatSchema = z.object({
  id: z.string().uuid(),
  createdAt: isoDate,
  title: z.string().nullable(),
  contextMeetingIds: z.array(z.string().uuid()),
  /** Content of the chat's latest message, for the title fallback. */
  latestMessage: z.string().nullable().optional(),
});
export type Chat = z.infer<typeof chatSchema>;

/** Body of `POST /api/chats`. */
export const createChatSchema = z
  .object({
    title: boundedText(TEXT_LIMITS.chatTitle).nullable().optional(),
    contextMeetingIds: z.array(z.string().uuid()).max(500).optional(),
  })
  .strict();

/** Body of `PATCH /api/chats/:id`. */
export const updateChatSchema = z
  .object({
    title: boundedText(TEXT_LIMITS.chatTitle).nullable(),
    contextMeetingIds: z.array(z.string().uuid()).max(500),
  })
  .partial()
  .strict();

/** A citation of an assistant answer (text, section). */
export const citationSchema = z.object({
  text: z.string(),
  section: z.string(),
  meetingId: z.string().uuid().nullable().optional(),
  speaker: z.string().nullable().optional(),
  start: z.number().nullable().optional().describe('seconds'),
  /** The number the answer's text cites it by ('[2]'). */
  ref: z.number().int().positive().optional(),
  /**
   * Transcript turn index, for the link that scrolls to it; for a live citation, the live
   * segment's `seq`.
   */
  turnIndex: z.number().int().nonnegative().nullable().optional(),
  meetingTitle: z.string().nullable().optional(),
  /**
   * True when the cited passage is a segment of the live draft transcript of a meeting still
   * recording (LiveSegment of ./live.ts): `turnIndex` is then its `seq`, `speaker` its channel's
   * label ('You', 'Call'), `start` seconds from Start. Absent on every other citation, and on
   * citations saved before it existed.
   */
  live: z.boolean().optional(),
});

/** A citation as `POST /api/chats/:id/messages` takes it: bounded text, `start` 0 to 48 h. */
const citationInputSchema = z.object({
  text: boundedText(TEXT_LIMITS.citationText),
  section: boundedText(50),
  meetingId: z.string().uuid().nullable().optional(),
  speaker: boundedText(TEXT_LIMITS.personName).nullable().optional(),
  start: z
    .number()
    .min(0)
    .max(MAX_DURATION_MINUTES * 60)
    .nullable()
    .optional()
    .describe('seconds'),
  ref: z.number().int().positive().max(1000).optional(),
  turnIndex: z.number().int().nonnegative().nullable().optional(),
  meetingTitle: boundedText(TEXT_LIMITS.title).nullable().optional(),
  /** A segment of a live draft transcript (see `citationSchema`). */
  live: z.boolean().optional(),
});

/** A chat message in the app's shape. */
export const chatMessageSchema = z.object({
  id: z.string().uuid(),
  content: z.string(),
  isUser: z.boolean(),
  timestamp: isoDate,
  citations: z.array(citationSchema),
  meetingId: z.string().uuid().nullable(),
  chatId: z.string().uuid().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Body of `POST /api/chats/:id/messages`: content 1 to 32,000 characters, no NUL. */
export const createChatMessageSchema = z
  .object({
    content: boundedText(TEXT_LIMITS.chatMessage).min(1),
    isUser: z.boolean(),
    meetingId: z.string().uuid().nullable().optional(),
    citations: z.array(citationInputSchema).max(100).optional(),
  })
  .strict();

/** A change announced on `GET /api/events` (Server-Sent Events, event name `change`). */
export const changeEventSchema = z.object({
  table: z.enum(['meetings', 'todos', 'chats']),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.string(),
  meeting_id: z.string().nullable().optional(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** `GET /api/config`: what the sign-in screen may offer. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  /** LINEAR_CLIENT_ID/SECRET are set: the Integrations tab may offer Linear. Absent from older servers. */
  linearEnabled: z.boolean().optional(),
  /**
   * OIDC_ISSUER/CLIENT_ID/SECRET are set and the provider was found at start: the sign-in screen
   * offers OpenID Connect sign-in with this button label (OIDC_NAME); null when not. Absent from
   * older servers.
   */
  oidc: z.object({ label: z.string() }).nullable().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
