/**
 * Full-text search over meetings for the meeting assistant (docs/decisions/010): one row per
 * transcript turn and per summary paragraph, with a stored `tsvector` under PostgreSQL's 'english'
 * configuration and a GIN index. Action items are searched on `todos.search`. Rows are derived from
 * `meetings` and rebuilt when a meeting's `updated_at` passes its `search_indexed_at`, so they are
 * never the only copy of anything.
 */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { meetings } from './meetings.ts';
import { tsvector } from './search-types.ts';

/** Sections a passage can come from. */
export const PASSAGE_SECTIONS = ['summary', 'transcript'] as const;

/**
 * A searchable passage of a meeting. `position` is the turn index of `parseTranscript` (the one
 * the meeting view numbers its cards with) or the summary paragraph's index; `start_seconds` is
 * the turn's start when the pipeline recorded turn times.
 */
export const meetingPassages = pgTable(
  'meeting_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    section: text('section', { enum: PASSAGE_SECTIONS }).notNull(),
    position: integer('position').notNull(),
    speaker: text('speaker'),
    startSeconds: doublePrecision('start_seconds'),
    content: text('content').notNull(),
    // The speaker's name counts a little ('What did the Project Manager think of ...').
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(speaker, '')), 'C') || setweight(to_tsvector('english', content), 'A')`,
      ),
  },
  (t) => [
    index('meeting_passages_search_idx').using('gin', t.search),
    index('meeting_passages_user_meeting_idx').on(t.userId, t.meetingId),
    index('meeting_passages_meeting_position_idx').on(t.meetingId, t.section, t.position),
  ],
);

/**
 * How many of a user's passages hold each lexeme (document frequency), kept with the passages so a
 * question's common words ('remote' in a year of remote-control meetings) weigh less than its rare
 * ones, and a search over every meeting reads only passages with the telling words. The row with
 * the empty lexeme holds the user's passage count.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    passages: integer('passages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lexeme] })],
);

/**
 * A passage's embedding by a local text-embedding model, for the assistant's reranking
 * (docs/decisions/052-embedding-rerank.md): computed the first time a question needs it, kept
 * until the passage is rebuilt (its row goes, and this one with it). `model` is the catalog id,
 * so a different model computes its own. `vector` is L2-normalised, so a dot product is the
 * cosine similarity.
 */
export const passageEmbeddings = pgTable(
  'passage_embeddings',
  {
    passageId: uuid('passage_id')
      .notNull()
      .references(() => meetingPassages.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    vector: real('vector').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.passageId, t.model] })],
);
