/**
 * The live draft transcript as the meeting assistant's sources: while a picked meeting records and
 * has no final transcript yet, its live segments (live_segments, by `seq`) stand for its
 * transcript, each one a numbered source labelled by channel ('You', 'Call'). The newest segments
 * matter most ('what did they just say?'), so when the draft is longer than the budget the oldest
 * are left out. Only the user's meetings are read.
 */
import { sql } from 'drizzle-orm';
import { liveChannelLabel } from '@summy/core';
import type { Database } from '@summy/db';
import { anyOfQuery, ownedBy, queryRows, type FoundPassage } from './search-passages.ts';

/**
 * Characters of live text given to the model for one question: as much transcript as an ordinary
 * answer's ten sources with the turns around them (3 turns of at most 600 characters each), so a
 * question during a meeting fits the model's context as any other does.
 */
export const LIVE_CONTEXT_CHARS = 18_000;

/** Most live segments given to the model; each is a numbered source ([n] of up to 3 digits). */
export const LIVE_SOURCE_MAX = 120;

/** Longest segment text given to the model (a segment of at most 15 s is rarely longer). */
const LIVE_SEGMENT_CHARS = 600;

/**
 * The latest items that fit: walking back from the newest, items are kept while the total text
 * stays within `chars` and their count within `max`; the result is in the input's order. The
 * newest item is always kept (its text clamped by the caller).
 * @param items in order, oldest first
 */
export function keepLatest<T extends { text: string }>(
  items: readonly T[],
  chars: number = LIVE_CONTEXT_CHARS,
  max: number = LIVE_SOURCE_MAX,
): T[] {
  let used = 0;
  let from = items.length;
  while (from > 0 && items.length - from < max) {
    const length = items[from - 1]!.text.length;
    if (from < items.length && used + length > chars) break;
    used += length;
    from--;
  }
  return items.slice(from);
}

interface LiveRow {
  meeting_id: string;
  seq: number;
  channel: number;
  start: number;
  text: string;
  rank: number;
}

/**
 * The live segments of the picked meetings that have no final transcript yet, as transcript
 * sources marked `live`: `position` is the segment's `seq`, `speaker` its channel's label, `start`
 * seconds of recorded audio from Start, `rank` the full-text match of the question's stems (0
 * when none). The budget ({@link LIVE_CONTEXT_CHARS}, {@link LIVE_SOURCE_MAX}) is shared evenly by
 * the meetings that have segments and keeps each one's latest; sources come meeting by meeting,
 * each in `seq` order.
 * @param owners the user and the owners of picked meetings shared with the user
 * @param meetingIds picked meetings, already checked to be readable (the query checks the owner)
 * @param lexemes the question's stems (QuestionTerms.lexemes)
 */
export async function readLiveSources(
  db: Database,
  owners: readonly string[],
  meetingIds: readonly string[],
  lexemes: readonly string[],
): Promise<FoundPassage[]> {
  if (meetingIds.length === 0) return [];
  const query = lexemes.length
    ? sql`to_tsquery('simple', ${anyOfQuery(lexemes)})`
    : sql`null::tsquery`;
  const rows = await queryRows<LiveRow>(
    db,
    sql`
    select meeting_id, seq, channel, start, text, rank from (
      select s.meeting_id, s.seq, s.channel, s.start, s.text,
        coalesce(ts_rank_cd(to_tsvector('english', s.text), ${query}, 1), 0) as rank,
        row_number() over (partition by s.meeting_id order by s.seq desc) as nth
      from live_segments s join meetings m on m.id = s.meeting_id
      where ${ownedBy(sql`m.user_id`, owners)}
        and (m.transcript is null or m.transcript = '')
        and s.meeting_id in (${sql.join(
          meetingIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
    ) r
    where nth <= ${LIVE_SOURCE_MAX}
    order by meeting_id, seq`,
  );
  const byMeeting = new Map<string, LiveRow[]>();
  for (const r of rows) {
    const list = byMeeting.get(r.meeting_id) ?? [];
    list.push({ ...r, text: clamp(r.text.trim()) });
    byMeeting.set(r.meeting_id, list);
  }
  const share = Math.max(1, byMeeting.size);
  const out: FoundPassage[] = [];
  for (const id of meetingIds) {
    const list = (byMeeting.get(id) ?? []).filter((r) => r.text);
    const kept = keepLatest(
      list,
      Math.floor(LIVE_CONTEXT_CHARS / share),
      Math.floor(LIVE_SOURCE_MAX / share),
    );
    for (const r of kept) out.push(toLivePassage(r));
  }
  return out;
}

function clamp(text: string): string {
  return text.length > LIVE_SEGMENT_CHARS ? `${text.slice(0, LIVE_SEGMENT_CHARS)}…` : text;
}

function toLivePassage(r: LiveRow): FoundPassage {
  return {
    section: 'transcript',
    meetingId: r.meeting_id,
    speaker: liveChannelLabel(Number(r.channel) === 1 ? 1 : 0),
    start: Number(r.start),
    position: Number(r.seq),
    text: r.text,
    rank: Number(r.rank),
    live: true,
  };
}
