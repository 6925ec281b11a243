/**
 * How the live panel keeps a meeting's draft transcript in step with the server: segments come
 * from `GET /api/meetings/:id/live` and, one by one, from the realtime event 'live-segment'. Both
 * may overlap or arrive out of turn (a reload, a dropped connection, an event sent while the
 * answer was on its way), so segments are kept by `seq`, each once, in order, and a missing `seq`
 * tells the panel to read the whole list again.
 */
import type { LiveSegment, LiveState, LiveTranscript } from '@summy/core';

/** What {@link appendLiveSegment} answers. */
export interface AppendedLiveSegment {
  /** The transcript with the segment in its place (the same object when it was already there). */
  next: LiveTranscript;
  /** True when segments before it are missing: read the list again. */
  gap: boolean;
}

/** The segments of `a` and `b` by `seq`, each `seq` once (`a`'s copy kept), in `seq` order. */
export function mergeLiveSegments(
  a: readonly LiveSegment[],
  b: readonly LiveSegment[],
): LiveSegment[] {
  const bySeq = new Map<number, LiveSegment>();
  for (const segment of [...b, ...a]) bySeq.set(segment.seq, segment);
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq);
}

/**
 * Puts a segment of the realtime stream into the transcript held so far. A `seq` already held is
 * ignored (a repeated event); one past the next expected is kept in its place and reported as a
 * gap. With nothing held yet (the first read still on its way), the segment starts a 'live'
 * transcript and the read's answer is merged with it ({@link mergeFetchedLive}).
 */
export function appendLiveSegment(
  current: LiveTranscript | undefined,
  segment: LiveSegment,
): AppendedLiveSegment {
  if (!current) return { next: { state: 'live', segments: [segment] }, gap: false };
  const { segments } = current;
  if (segments.some((held) => held.seq === segment.seq)) return { next: current, gap: false };
  const last = segments.at(-1);
  // Segments are numbered from 0, so the first one of an empty list is seq 0.
  const expected = last ? last.seq + 1 : 0;
  const next = {
    ...current,
    // An event means segments are coming, whatever the last read said.
    state: current.state === 'none' ? ('live' as const) : current.state,
    segments:
      last && segment.seq > last.seq
        ? [...segments, segment]
        : mergeLiveSegments(segments, [segment]),
  };
  return { next, gap: segment.seq > expected };
}

/** The transcript with the state a realtime 'live-state' event announced. */
export function withLiveState(current: LiveTranscript | undefined, state: LiveState) {
  return { state, segments: current?.segments ?? [] } satisfies LiveTranscript;
}

/**
 * The answer of a read merged with what the realtime stream brought meanwhile: while the
 * meeting is live, segments newer than the answer's last are kept (they were published after the
 * server read its list). Otherwise the answer stands as it is (the final transcript may have
 * replaced the segments).
 */
export function mergeFetchedLive(
  fetched: LiveTranscript,
  cached: LiveTranscript | undefined,
): LiveTranscript {
  if (fetched.state !== 'live' || !cached) return fetched;
  const last = fetched.segments.at(-1)?.seq ?? -1;
  const newer = cached.segments.filter((segment) => segment.seq > last);
  if (newer.length === 0) return fetched;
  return { ...fetched, segments: mergeLiveSegments(fetched.segments, newer) };
}

/**
 * The seq a URL hash cites ('#live-3' → 3; anything else → null): the anchor of a live citation
 * (liveSegmentAnchor of @summy/core).
 */
export function citedLiveSeq(hash: string): number | null {
  const m = /^#?live-(\d{1,9})$/.exec(hash);
  return m ? Number(m[1]) : null;
}
