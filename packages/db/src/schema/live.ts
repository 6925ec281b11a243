/**
 * The live draft transcript of recordings in progress: one session row per meeting that records
 * (its state, and which process works it), and the segments transcribed so far. The final
 * transcript replaces the segments (they are deleted when it is saved). LiveSegment and LiveState
 * of @summy/core.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';

/**
 * One meeting's live session. `state`: 'live', 'off', 'busy' or 'ended' (LIVE_STATES of
 * @summy/core; 'none' is the absence of a row). `heartbeatAt` is refreshed by the process that
 * works the session, so a session whose process died can be taken over. Deleted with the meeting.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    meetingId: uuid('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    state: text('state').$type<'live' | 'off' | 'busy' | 'ended'>().notNull(),
    /** Chunks decoded so far: the next chunk index the session waits for. */
    nextChunk: integer('next_chunk').notNull().default(0),
    /** Segments published so far: the next segment's `seq`. */
    nextSeq: integer('next_seq').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_sessions_state_idx').on(t.state)],
);

/**
 * The live segments of a meeting, by `seq`: channel 0 the microphone, 1 the call; `start` and
 * `end` in seconds of recorded audio from Start.
 */
export const liveSegments = pgTable(
  'live_segments',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    channel: smallint('channel').$type<0 | 1>().notNull(),
    start: real('start').notNull(),
    end: real('end').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.seq] })],
);
