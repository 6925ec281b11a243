/**
 * The passages a question is answered from: found by full-text search within the question's context
 * (meeting, with picked meetings or all of them, or todo), with fallbacks so a question that names
 * nothing searchable ('What was decided?') still gets the meetings' summaries and action items.
 * Only the user's rows are read, and those of picked meetings another account shared with them.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ChatContext, ChatSection } from '@summy/core';
import { meetingPassages, meetings, todos, type Database } from '@summy/db';
import { log } from '../../log.ts';
import { assertReadableMeetings } from '../shares/list-shared-with-me.ts';
import type { TextEmbedder } from '../../providers/llm/local/provider.ts';
import { readLiveSources } from './live-sources.ts';
import { refreshSearchIndex } from './refresh-search-index.ts';
import { rerankPassages, type RankablePassage } from './rerank-passages.ts';
import {
  passageColumns,
  questionTerms,
  searchMeetingPassages,
  searchTodos,
  todoPassage,
  weighTerms,
  type FoundPassage,
  type QuestionTerms,
  type SearchScope,
} from './search-passages.ts';

/** A source of an answer: a found passage with its meeting, numbered as the answer cites it. */
export interface ChatSource extends FoundPassage {
  /** The number the answer cites it by ('[ref]'), from 1. */
  ref: number;
  meetingTitle: string | null;
  /** The meeting's date (ISO 8601), for the model's orientation. */
  meetingDate: string | null;
  /** The turns around a transcript hit ('Speaker: text' lines), for the model only. */
  surroundings: string | null;
}

/** What `gatherSources` found. */
export interface GatheredSources {
  sources: ChatSource[];
  terms: QuestionTerms;
  /** True when the scope holds no meeting at all (the user has none yet). */
  noMeetings: boolean;
  /** Titles of picked meetings still being recorded or processed, with no transcript yet. */
  notReady: string[];
}

/** Passages per answer. */
export const SOURCE_LIMIT = 10;
const ACTION_ITEM_LIMIT = 4;
/** With no explicit meetings and no match, the summaries of this many latest meetings. */
const RECENT_FALLBACK_MEETINGS = 3;

const byRank = (a: FoundPassage, b: FoundPassage) => b.rank - a.rank;

async function fallbackPassages(
  db: Database,
  owners: readonly string[],
  meetingIds: string[],
  perMeeting: number,
): Promise<FoundPassage[]> {
  if (meetingIds.length === 0) return [];
  const rows = await db
    .select(passageColumns)
    .from(meetingPassages)
    .where(
      and(
        inArray(meetingPassages.userId, [...owners]),
        inArray(meetingPassages.meetingId, meetingIds),
      ),
    )
    // Summary first: it is what stands for a whole meeting; a meeting without one gives its
    // opening turns.
    .orderBy(
      meetingPassages.meetingId,
      desc(sql`${meetingPassages.section} = 'summary'`),
      asc(meetingPassages.position),
    );
  const taken = new Map<string, number>();
  const out: FoundPassage[] = [];
  for (const r of rows) {
    const n = taken.get(r.meetingId) ?? 0;
    if (n >= perMeeting) continue;
    taken.set(r.meetingId, n + 1);
    out.push({ ...r, section: r.section as ChatSection, rank: 0 });
  }
  const items = await db
    .select()
    .from(todos)
    .where(and(inArray(todos.userId, [...owners]), inArray(todos.meetingId, meetingIds)))
    .orderBy(asc(todos.createdAt))
    .limit(ACTION_ITEM_LIMIT * meetingIds.length);
  for (const t of items) {
    out.push(todoPassage(t, 0));
  }
  return out;
}

async function withMeetings(
  db: Database,
  owners: readonly string[],
  found: FoundPassage[],
): Promise<ChatSource[]> {
  const ids = [...new Set(found.map((p) => p.meetingId).filter((id): id is string => !!id))];
  const info = new Map<string, { title: string; date: Date }>();
  if (ids.length) {
    const rows = await db
      .select({ id: meetings.id, title: meetings.title, date: meetings.date })
      .from(meetings)
      .where(and(inArray(meetings.userId, [...owners]), inArray(meetings.id, ids)));
    for (const r of rows) info.set(r.id, r);
  }
  // The turn before and after each transcript hit, so the model reads replies in context.
  // Live segments are given in order, all of them: they need no surroundings.
  const hits = found.filter((p) => p.section === 'transcript' && p.meetingId && !p.live);
  const around = new Map<string, { speaker: string | null; text: string }>();
  if (hits.length) {
    const wanted = hits.flatMap((p) => [
      sql`(${p.meetingId}::uuid, ${p.position! - 1}::int)`,
      sql`(${p.meetingId}::uuid, ${p.position! + 1}::int)`,
    ]);
    const rows = await db
      .select({
        meetingId: meetingPassages.meetingId,
        position: meetingPassages.position,
        speaker: meetingPassages.speaker,
        text: meetingPassages.content,
      })
      .from(meetingPassages)
      .where(
        and(
          inArray(meetingPassages.userId, [...owners]),
          eq(meetingPassages.section, 'transcript'),
          sql`(${meetingPassages.meetingId}, ${meetingPassages.position}) in (${sql.join(wanted, sql`, `)})`,
        ),
      );
    for (const r of rows) around.set(`${r.meetingId}/${r.position}`, r);
  }
  const line = (t: { speaker: string | null; text: string }) =>
    `${t.speaker ?? 'Speaker'}: ${t.text.length > 600 ? `${t.text.slice(0, 600)}…` : t.text}`;
  return found.map((p, i) => {
    const meeting = p.meetingId ? info.get(p.meetingId) : undefined;
    let surroundings: string | null = null;
    if (p.section === 'transcript' && p.meetingId && !p.live) {
      const before = around.get(`${p.meetingId}/${p.position! - 1}`);
      const after = around.get(`${p.meetingId}/${p.position! + 1}`);
      surroundings = [before && line(before), line(p), after && line(after)]
        .filter(Boolean)
        .join('\n');
    }
    return {
      ...p,
      ref: i + 1,
      meetingTitle: meeting?.title ?? null,
      meetingDate: meeting?.date.toISOString() ?? null,
      surroundings,
    };
  });
}

/** Full-text candidates reranked when an embedding model is installed. */
const RERANK_CANDIDATES = 40;

/**
 * The best passages and action items, at most `perMeeting` passages of any meeting. By full-text
 * rank; with an embedding model, the passages reranked (./rerank-passages.ts) and then the matched
 * action items in at most half the places. A model that cannot load or a worker that died leaves
 * the full-text ranking: the question is still answered.
 * @throws LocalLlmError 'aborted' when the signal aborts
 */
async function rankedSources(
  db: Database,
  how: {
    embedder: TextEmbedder | undefined;
    signal: AbortSignal | undefined;
    scope: SearchScope;
    question: string;
  },
  passages: FoundPassage[],
  actionItems: FoundPassage[],
  perMeeting: number,
): Promise<FoundPassage[]> {
  const { embedder, signal } = how;
  if (embedder) {
    const fullText = passages.filter((p): p is RankablePassage => p.passageId !== undefined);
    try {
      const reranked = await rerankPassages(
        db,
        embedder,
        how.scope,
        how.question,
        fullText,
        signal,
      );
      const items = actionItems.slice(0, SOURCE_LIMIT / 2);
      const kept = reranked.filter(perMeetingAtMost(perMeeting));
      return [...kept.slice(0, SOURCE_LIMIT - items.length), ...items];
    } catch (err) {
      if (signal?.aborted) throw err;
      log.warn({ err }, '[chat] embedding rerank failed; full-text ranking used');
    }
  }
  // The candidates for a rerank that failed were searched without the per-meeting limit.
  return [...passages, ...actionItems]
    .sort(byRank)
    .filter(perMeetingAtMost(perMeeting))
    .slice(0, SOURCE_LIMIT);
}

/** A filter keeping at most `n` passages of any one meeting, in order. */
function perMeetingAtMost(n: number) {
  const taken = new Map<string | null, number>();
  return (p: FoundPassage) => {
    if (p.section === 'actionItems') return true;
    const count = taken.get(p.meetingId) ?? 0;
    taken.set(p.meetingId, count + 1);
    return count < n;
  };
}

/** How the sources are found beside full-text search. */
export interface GatherOptions {
  /** The installed text-embedding model: passages are reranked with it (./rerank-passages.ts). */
  embedder?: TextEmbedder | undefined;
  /** Stops the embedding of passages (the request's). */
  signal?: AbortSignal | undefined;
}

/** The sources of a question about to-dos: the matching ones, else the newest open ones. */
async function todoSources(
  db: Database,
  userId: string,
  terms: Awaited<ReturnType<typeof questionTerms>>,
): Promise<GatheredSources> {
  const weighted = await weighTerms(db, [userId], terms.lexemes);
  let found = await searchTodos(db, { userId, todos: true }, terms.lexemes, weighted, SOURCE_LIMIT);
  if (found.length === 0) {
    const open = await db
      .select()
      .from(todos)
      .where(and(eq(todos.userId, userId), eq(todos.completed, false)))
      .orderBy(desc(todos.createdAt))
      .limit(SOURCE_LIMIT);
    found = open.map((t) => todoPassage(t, 0, true));
  }
  return {
    sources: await withMeetings(db, [userId], found),
    terms,
    noMeetings: false,
    notReady: [],
  };
}

/**
 * The sources of picked meetings beside the matches: the summary or opening of a meeting with no
 * match, and the live draft of a meeting still recording (./live-sources.ts), after the others.
 * A recording or processing meeting with neither transcript nor live text is named in `notReady`.
 */
async function withPickedMeetings(
  db: Database,
  owners: readonly string[],
  ids: string[],
  found: FoundPassage[],
  lexemes: readonly string[],
): Promise<{ found: FoundPassage[]; notReady: string[] }> {
  const live = await readLiveSources(db, owners, ids, lexemes);
  // Asked from the recorder: the meeting has no transcript until it is processed.
  const pending = await db
    .select({ id: meetings.id, title: meetings.title })
    .from(meetings)
    .where(
      and(
        inArray(meetings.userId, [...owners]),
        inArray(meetings.id, ids),
        or(eq(meetings.isRecording, true), eq(meetings.isProcessing, true)),
        or(isNull(meetings.transcript), eq(meetings.transcript, '')),
      ),
    );
  const notReady = pending
    .filter((m) => !live.some((p) => p.meetingId === m.id))
    .map((m) => m.title);
  // A picked meeting with no match still speaks, through its summary or opening.
  const silent = ids.filter((id) => !found.some((p) => p.meetingId === id));
  const extra = await fallbackPassages(db, owners, silent, found.length ? 2 : 4);
  return { found: [...found, ...extra, ...live], notReady };
}

/**
 * Finds the sources for a question.
 * @param context the meetings the question is about; meeting ids must be the user's or shared
 *   with the user
 * @throws NotFoundError ('Meeting not found') when a context meeting is neither;
 *   LocalLlmError when the embedding model fails or the signal aborts
 */
export async function gatherSources(
  db: Database,
  userId: string,
  context: ChatContext,
  question: string,
  options: GatherOptions = {},
): Promise<GatheredSources> {
  const terms = await questionTerms(db, question);
  if (context.type === 'todo') return todoSources(db, userId, terms);

  const ids = [...new Set(context.meetingIds)];
  const owners = await assertReadableMeetings(db, userId, ids);
  for (const owner of owners) await refreshSearchIndex(db, owner, ids.length ? ids : undefined);
  const scope = { userId, ownerIds: owners, meetingIds: ids.length ? ids : undefined };
  // A question about several picked meetings hears from each of them.
  const perMeeting =
    ids.length > 1 ? Math.max(2, Math.ceil(SOURCE_LIMIT / ids.length)) : SOURCE_LIMIT;
  const weighted = await weighTerms(db, owners, terms.lexemes);
  const { embedder, signal } = options;
  const [passages, actionItems] = await Promise.all([
    embedder
      ? searchMeetingPassages(db, scope, weighted, { limit: RERANK_CANDIDATES })
      : searchMeetingPassages(db, scope, weighted, { limit: SOURCE_LIMIT, perMeeting }),
    searchTodos(db, scope, terms.lexemes, weighted, ACTION_ITEM_LIMIT),
  ]);
  let found = await rankedSources(
    db,
    { embedder, signal, scope, question },
    passages,
    actionItems,
    perMeeting,
  );

  let noMeetings = false;
  let notReady: string[] = [];
  if (ids.length > 0) {
    ({ found, notReady } = await withPickedMeetings(db, owners, ids, found, terms.lexemes));
  } else if (found.length === 0) {
    // Counted only when nothing matched: a found passage already proves a meeting exists.
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(meetings)
      .where(eq(meetings.userId, userId))) as [{ count: number }];
    noMeetings = count === 0;
    if (!noMeetings) {
      const recent = await db
        .select({ id: meetings.id })
        .from(meetings)
        .where(and(eq(meetings.userId, userId), isNotNull(meetings.summary)))
        .orderBy(desc(meetings.date))
        .limit(RECENT_FALLBACK_MEETINGS);
      found = await fallbackPassages(
        db,
        owners,
        recent.map((r) => r.id),
        3,
      );
    }
  }
  return { sources: await withMeetings(db, owners, found), terms, noMeetings, notReady };
}
