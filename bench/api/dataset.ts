/**
 * The API benchmark's dataset: a ~3-hour transcript built from the real meeting transcripts in
 * the repository's testdata/meetings, and bulk loading of users, meetings and action items.
 *
 * Rows go in with `insert … select … from unnest($1::type[], …)`: one statement per batch of rows,
 * which on PGlite is about 20 times faster than one insert per row (verified facts), and keeps the
 * seeding of ~20,000 meetings to seconds on both backends.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '@summy/db';
import { QMSUM_DIR, qmsumSpeechTurns } from '../../apps/server/test/qmsum.ts';

/** One speaker turn of a transcript. */
export interface Turn {
  speaker: string;
  text: string;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run has the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The spoken turns of the QMSum transcripts in testdata/meetings (`qmsumSpeechTurns`): speakers
 * renamed `Speaker N`, the corpus' annotation tokens and the space before punctuation removed, so
 * the text looks like speech-to-text output.
 */
export function readTurns(dir: string = QMSUM_DIR): Turn[] {
  return qmsumSpeechTurns(dir);
}

/** Words in a piece of text (whitespace-separated). */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** A built transcript and how much speech it holds. */
export interface BuiltTranscript {
  text: string;
  /** Words spoken, not counting the `Speaker N:` labels. */
  speechWords: number;
}

/**
 * A transcript of at least `targetWords` spoken words: the turns taken cyclically from `offset`,
 * formatted as paragraphs `Speaker N: text` separated by blank lines. 27,000 words is about
 * three hours of speech at 150 words per minute.
 */
export function buildTranscript(
  turns: readonly Turn[],
  targetWords: number,
  offset = 0,
): BuiltTranscript {
  const paragraphs: string[] = [];
  let words = 0;
  for (let i = offset; words < targetWords; i++) {
    const turn = turns[i % turns.length]!;
    paragraphs.push(`${turn.speaker}: ${turn.text}`);
    words += countWords(turn.text);
  }
  return { text: paragraphs.join('\n\n'), speechWords: words };
}

/** Sizes of the dataset to load. */
export interface DatasetSpec {
  /** Users in total, including those signed up over HTTP before seeding. */
  users: number;
  /** Meetings of the measured user. */
  measuredMeetings: number;
  /** How many of the measured user's meetings get a long transcript. */
  longMeetings: number;
  /** Meetings of every other user. */
  meetingsPerOtherUser: number;
  /** Words of a long transcript (27,000 ≈ 3 hours). */
  longTranscriptWords: number;
  /** Turns in the transcript of an ordinary ("short") meeting. */
  shortTranscriptTurns: number;
  /** Action items of each long meeting; short ones get 1 to 3. */
  todosPerLongMeeting: number;
  /** Meeting dates are spread uniformly over this many days before `end`. */
  spanDays: number;
  /** The most recent possible meeting date. */
  end: Date;
  /** Seed of the pseudo-random dates, durations and choices. */
  seed: number;
}

/** The benchmark's default dataset (10,000 meetings for the measured user, 100 users). */
export const DEFAULT_DATASET: DatasetSpec = {
  users: 100,
  measuredMeetings: 10_000,
  longMeetings: 100,
  meetingsPerOtherUser: 100,
  longTranscriptWords: 27_000,
  shortTranscriptTurns: 24,
  todosPerLongMeeting: 3,
  spanDays: 3 * 365,
  end: new Date('2026-11-21T00:00:00.000Z'),
  seed: 20261121,
};

/** What `seedDataset` loaded, for choosing request targets and for the report. */
export interface SeededDataset {
  /** Ids of the measured user's meetings with a long transcript. */
  longMeetingIds: string[];
  /** Ids of the measured user's other meetings. */
  shortMeetingIds: string[];
  users: number;
  meetings: number;
  todos: number;
  /** Characters, and spoken words, of the longest long transcript. */
  longTranscriptChars: number;
  longTranscriptWords: number;
  /** Mean characters of a short meeting's transcript. */
  shortTranscriptChars: number;
  /** Wall time of the load, milliseconds. */
  loadMs: number;
}

interface MeetingRow {
  id: string;
  userId: string;
  title: string;
  date: string;
  duration: number;
  participants: string;
  transcript: string;
  summary: string;
  todoCount: number;
}

// Rows per insert statement: large enough that statement overhead vanishes, small enough that
// a batch with ~20 long transcripts (~3 MB of parameters) stays a modest message.
const BATCH = 2_000;

const TOPICS = [
  'Roadmap',
  'Budget review',
  'Design sync',
  'Hiring',
  'Customer call',
  'Retro',
  'Standup',
  'Planning',
  'Remote control kick-off',
  'Research',
];

/**
 * Loads the dataset around users already signed up over HTTP: creates the remaining users
 * directly in `user` (ids `bench-user-N`; they never sign in, and signing up 100 users over HTTP
 * would spend most of the run hashing passwords), then everybody's meetings and action items.
 * @param signedUpUserIds users signed up over HTTP; the first is the measured user
 */
export async function seedDataset(
  database: DatabaseHandle,
  signedUpUserIds: readonly string[],
  spec: DatasetSpec = DEFAULT_DATASET,
  turns: readonly Turn[] = readTurns(),
): Promise<SeededDataset> {
  const started = performance.now();
  const random = seededRandom(spec.seed);
  const [measuredUserId, ...otherSignedUp] = signedUpUserIds;
  if (!measuredUserId) throw new Error('seedDataset needs the measured user');
  const insertedUserIds = Array.from(
    { length: Math.max(0, spec.users - signedUpUserIds.length) },
    (_, i) => `bench-user-${i + 1}`,
  );
  const otherUserIds = [...otherSignedUp, ...insertedUserIds];
  await database.query(
    `insert into "user" (id, name, email, email_verified)
     select id, name, email, true from unnest($1::text[], $2::text[], $3::text[]) as t(id, name, email)`,
    [
      insertedUserIds,
      insertedUserIds.map((_, i) => `Bench User ${i + 1}`),
      insertedUserIds.map((id) => `${id}@example.com`),
    ],
  );

  const rows: MeetingRow[] = [];
  const longMeetingIds: string[] = [];
  const shortMeetingIds: string[] = [];
  let shortChars = 0;
  let shortCount = 0;
  let longChars = 0;
  let longWords = 0;
  // The long meetings are spread evenly through the measured user's history (every 100th).
  const longEvery = Math.floor(spec.measuredMeetings / Math.max(1, spec.longMeetings));
  const makeRow = (userId: string, long: boolean): MeetingRow => {
    const date = new Date(spec.end.getTime() - Math.floor(random() * spec.spanDays * 86_400_000));
    const offset = Math.floor(random() * turns.length);
    const built = long ? buildTranscript(turns, spec.longTranscriptWords, offset) : undefined;
    const transcript = built
      ? built.text
      : Array.from({ length: spec.shortTranscriptTurns }, (_, k) => {
          const t = turns[(offset + k) % turns.length]!;
          return `${t.speaker}: ${t.text}`;
        }).join('\n\n');
    if (built) {
      longChars = Math.max(longChars, transcript.length);
      longWords = Math.max(longWords, built.speechWords);
    } else {
      shortChars += transcript.length;
      shortCount++;
    }
    const title = TOPICS[Math.floor(random() * TOPICS.length)]!;
    return {
      id: randomUUID(),
      userId,
      title,
      date: date.toISOString(),
      duration: long ? 180 : 10 + Math.floor(random() * 50),
      participants: JSON.stringify(
        ['ana@example.com', 'ben@example.com', 'chloe@example.com'].slice(
          0,
          1 + Math.floor(random() * 3),
        ),
      ),
      transcript,
      summary: `Summary of ${title.toLowerCase()}: decisions, open questions and next steps.`,
      todoCount: long ? spec.todosPerLongMeeting : 1 + Math.floor(random() * 3),
    };
  };
  for (let i = 0; i < spec.measuredMeetings; i++) {
    const long = longMeetingIds.length < spec.longMeetings && i % longEvery === 0;
    const row = makeRow(measuredUserId, long);
    (long ? longMeetingIds : shortMeetingIds).push(row.id);
    rows.push(row);
  }
  for (const userId of otherUserIds) {
    for (let i = 0; i < spec.meetingsPerOtherUser; i++) rows.push(makeRow(userId, false));
  }

  let todoTotal = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    // created_at/updated_at follow the meeting date, as they would for real recordings.
    await database.query(
      `insert into meetings (id, user_id, title, date, duration, participants, transcript, summary, created_at, updated_at)
       select id, user_id, title, date, duration, participants::jsonb, transcript, summary, date, date
       from unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::float8[], $6::text[], $7::text[], $8::text[])
         as t(id, user_id, title, date, duration, participants, transcript, summary)`,
      [
        batch.map((r) => r.id),
        batch.map((r) => r.userId),
        batch.map((r) => r.title),
        batch.map((r) => r.date),
        batch.map((r) => r.duration),
        batch.map((r) => r.participants),
        batch.map((r) => r.transcript),
        batch.map((r) => r.summary),
      ],
    );
    const todo = {
      meetingId: [] as string[],
      userId: [] as string[],
      title: [] as string[],
      priority: [] as string[],
      assignedTo: [] as string[],
      createdAt: [] as string[],
    };
    const priorities = ['high', 'medium', 'none'];
    for (const r of batch) {
      for (let k = 0; k < r.todoCount; k++) {
        todo.meetingId.push(r.id);
        todo.userId.push(r.userId);
        todo.title.push(`Follow up on ${r.title.toLowerCase()} (${k + 1})`);
        todo.priority.push(priorities[k % priorities.length]!);
        todo.assignedTo.push(`Speaker ${k + 1}`);
        // Distinct creation times keep the detail's "order by created_at" deterministic.
        todo.createdAt.push(new Date(Date.parse(r.date) + (k + 1) * 1000).toISOString());
      }
    }
    await database.query(
      `insert into todos (user_id, meeting_id, title, priority, assigned_to, created_at, updated_at)
       select user_id, meeting_id, title, priority, assigned_to, created_at, created_at
       from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         as t(user_id, meeting_id, title, priority, assigned_to, created_at)`,
      [todo.userId, todo.meetingId, todo.title, todo.priority, todo.assignedTo, todo.createdAt],
    );
    todoTotal += todo.meetingId.length;
  }
  // Fresh statistics, as autovacuum would have gathered on a server that has been running; PGlite
  // has no autovacuum, so without this its planner would work from defaults.
  await database.query('analyze');

  return {
    longMeetingIds,
    shortMeetingIds,
    users: signedUpUserIds.length + insertedUserIds.length,
    meetings: rows.length,
    todos: todoTotal,
    longTranscriptChars: longChars,
    longTranscriptWords: longWords,
    shortTranscriptChars: Math.round(shortChars / Math.max(1, shortCount)),
    loadMs: performance.now() - started,
  };
}
