/**
 * Meetings, with their calendar fields, and meeting groups.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** A calendar attendee as stored on a meeting (a JSON list of e-mail and name). */
export interface StoredAttendee {
  email: string;
  name?: string | null;
}

/**
 * A recorded or uploaded meeting. `duration` is in minutes. `summary_data` holds topics
 * and anything else the summary step produces (JSON). `is_recording` / `is_processing` /
 * `is_paused` are the app's flags, kept on the row so another tab or process sees them.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Meeting'),
    // Millisecond precision so a JS Date round-trips exactly (the list's keyset cursor relies on
    // it).
    date: timestamp('date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    duration: doublePrecision('duration').notNull().default(0),
    participants: jsonb('participants')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Names the user gave the transcript's speakers: original label ('Speaker 2') → name
     * ('Carol'). The transcript keeps its labels; the map is applied where names are shown. A new
     * transcript clears it.
     */
    speakerNames: jsonb('speaker_names')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Each transcript speaker's voiceprint from the speaker embedding model (`{model, vectors}`,
     * `vectors[i]` for 'Speaker i+1'); null when no embedding model ran. Never sent to the app.
     */
    speakerEmbeddings: jsonb('speaker_embeddings').$type<{
      model: string;
      vectors: (number[] | null)[];
    } | null>(),
    /**
     * Names suggested from voice profiles: label → `{profileId, name, similarity}` (cosine, -1..1). Accepting
     * one moves it into `speaker_names`; dismissing removes it. A new transcript clears it.
     */
    speakerSuggestions: jsonb('speaker_suggestions')
      .$type<
        Record<string, { profileId: string | null; name: string; similarity: number | null }>
      >()
      .notNull()
      .default(sql`'{}'::jsonb`),
    transcript: text('transcript'),
    summary: text('summary'),
    audioUrl: text('audio_url'),
    summaryData: jsonb('summary_data').$type<Record<string, unknown> | string | null>(),
    isRecording: boolean('is_recording').notNull().default(false),
    isProcessing: boolean('is_processing').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    calendarEventId: text('calendar_event_id'),
    calendarEventTitle: text('calendar_event_title'),
    calendarEventAttendees: jsonb('calendar_event_attendees').$type<StoredAttendee[]>(),
    calendarEventDomains: jsonb('calendar_event_domains').$type<string[]>(),
    calendarRecurringEventId: text('calendar_recurring_event_id'),
    calendarAccountRemoved: boolean('calendar_account_removed').notNull().default(false),
    calendarAccountEmail: text('calendar_account_email'),
    /**
     * The linked Google account (`user_google_accounts.id`) the calendar event came through; no
     * foreign key, so removing the account leaves it as it was.
     */
    calendarAccountId: text('calendar_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The `updated_at` the meeting's search passages were built from (null: never built). */
    searchIndexedAt: timestamp('search_indexed_at', { withTimezone: true }),
    /**
     * Label of the text model that wrote `summary` ('Claude Sonnet 4', 'Offline') and the template
     * id it was written in ('stand-up'); null for summaries written before templates existed.
     */
    summaryModel: text('summary_model'),
    summaryTemplate: text('summary_template'),
    /**
     * The text engine that wrote the current title, summary and action items: 'offline' (the
     * extractive generator), 'provider:model' for a cloud model ('anthropic:claude-sonnet-4-20250514')
     * or 'local:<model id>'; null for meetings written before it was recorded, or never written.
     */
    notesEngine: text('notes_engine'),
    /**
     * A summary regeneration (`POST /api/meetings/:id/summary`) is queued or running; the previous
     * summary stays until the job saves the new one.
     */
    summaryRegenerating: boolean('summary_regenerating').notNull().default(false),
    /** Why the last regeneration failed (message and cause); cleared by the next success. */
    summaryError: text('summary_error'),
    /**
     * The last accepted regeneration request ('template model', e.g. 'stand-up offline') and
     * when it was accepted: the same request again within seconds is a repeat (a double click, a
     * retried burst) and is refused even when the first has already finished.
     */
    /**
     * Which series the meeting belongs to, so 'Last time' and a series' chat find its other
     * meetings by index: 'event:' the recurring event id, else 'people:' the sorted attendee
     * e-mails (two or more), else 'names:' the sorted speaker names the user gave (two or more); null when
     * none applies; the parts hashed (SHA-256). Kept by the `meetings_series_key` trigger of
     * migration 0021 whenever those fields change (docs/decisions/059-series-memory.md).
     */
    seriesKey: text('series_key'),
    /**
     * Action items of earlier meetings of the series that this meeting's transcript suggests are
     * done: `{todoId, evidence, position}` (the turn index the evidence comes from). Suggestions
     * only: the user confirms (the to-do is completed) or dismisses each, which removes it.
     */
    likelyDone: jsonb('likely_done')
      .$type<{ todoId: string; evidence: string; position: number | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The channel layout of a two-channel call recording, `['me', 'them']`: channel 0 is the
     * account holder's microphone, channel 1 the call's audio; null for one source.
     */
    channels: jsonb('channels').$type<['me', 'them'] | null>(),
    /**
     * Seconds into the recording at which the call's audio ended (the user stopped sharing);
     * channel 1 is silent from there. Null when it did not end before the recording.
     */
    callAudioEndedAt: doublePrecision('call_audio_ended_at'),
    summaryRequest: text('summary_request'),
    summaryRequestedAt: timestamp('summary_requested_at', { withTimezone: true }),
  },
  (t) => [
    // The meeting list: by user, date descending. NULLS FIRST is what ORDER BY ... DESC means; an
    // index in another null order is not used for it.
    index('meetings_user_date_idx').on(
      t.userId,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Meetings linked to a calendar event (select where calendar_event_id present). Meetings whose
    // search passages are missing or older than the meeting (schema/search.ts).
    index('meetings_user_search_stale_idx')
      .on(t.userId)
      .where(sql`${t.searchIndexedAt} is null or ${t.searchIndexedAt} < ${t.updatedAt}`),
    // A meeting's series, newest first ('Last time' reads the first one before the meeting).
    index('meetings_user_series_idx')
      .on(t.userId, t.seriesKey, t.date.desc().nullsFirst())
      .where(sql`${t.seriesKey} is not null`),
    index('meetings_user_calendar_event_idx')
      .on(t.userId, t.calendarEventId)
      .where(sql`${t.calendarEventId} is not null`),
    // Search everywhere's title match (docs/decisions/058-search-everywhere.md): the title's
    // stems, so a title is found without reading the (wide) meeting rows. No pending list
    // (fastupdate): PGlite has no autovacuum to merge one, and with one the planner read every
    // meeting row instead.
    index('meetings_title_search_idx')
      .using('gin', sql`to_tsvector('english', ${t.title})`)
      .with({ fastupdate: false }),
  ],
);

/**
 * A meeting's 'My notes', private to the user who wrote them (one row per meeting and user):
 * the editor's top-level blocks, each with its id, phase ('before' / 'during' / 'after' the
 * recording) and recording time in ms (`NoteBlock` of @summy/core). Deleted with the meeting.
 */
export const meetingNotes = pgTable(
  'meeting_notes',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blocks: jsonb('blocks')
      .$type<
        { id: string; phase: 'before' | 'during' | 'after'; t: number | null; markdown: string }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
);

/** A group of meetings: one per external attendee domain or per recurring event. */
export const meetingGroups = pgTable(
  'meeting_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['domain', 'recurring'] }).notNull(),
    domain: text('domain'),
    recurringEventId: text('recurring_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_groups_user_idx').on(t.userId)],
);

/** Membership of a meeting in a group; unique per meeting and group. */
export const meetingGroupMembers = pgTable(
  'meeting_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => meetingGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meeting_group_members_meeting_group_uq').on(t.meetingId, t.groupId),
    index('meeting_group_members_group_idx').on(t.groupId),
  ],
);
