/**
 * The call-capture bench's pure parts: where each clip of a synthetic call goes (seeded), where
 * the two speakers talk at once, and the scores of a merged transcript (words on the wrong side,
 * real double-talk lines hidden as echo). Times are in seconds.
 */
import type { SpeakerTurn } from '@summy/core';
import { seededRandom } from '../api/dataset.ts';
import { normaliseWords } from '../stt/wer.ts';

/** A real recording with its reference words. */
export interface ClipRef {
  name: string;
  path: string;
  /** Reference transcript (raw text). */
  text: string;
  durationS: number;
}

/** A clip placed in the call: side 0 is the left speaker (microphone), 1 the right (the call). */
export interface Placed {
  clip: ClipRef;
  side: 0 | 1;
  start: number;
  end: number;
}

/** A time span (s). */
export interface Span {
  start: number;
  end: number;
}

/** A synthetic call: its clips, the leak's delay into the left channel, and its double talk. */
export interface CallPlan {
  name: string;
  placed: Placed[];
  /** Delay (ms) of the right channel's leak into the left one, 30 to 80. */
  delayMs: number;
  durationS: number;
  /** Where both speakers talk at once. */
  doubleTalk: Span[];
}

/** Seconds during which two spans overlap (0 when they do not). */
function overlapS(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/**
 * Places the clips of a call, the two sides taking turns (left first). Every second change of
 * speaker is double talk: the next clip starts 40-70% into the previous one; the others leave a
 * pause of 0.3-0.9 s. A side never overlaps itself. All draws come from `seed`, so a run is
 * repeatable; nothing here is fitted to the recordings.
 */
export function planCall(name: string, left: ClipRef[], right: ClipRef[], seed: number): CallPlan {
  const random = seededRandom(seed);
  const delayMs = Math.round(30 + 50 * random());
  const order: { clip: ClipRef; side: 0 | 1 }[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i]) order.push({ clip: left[i]!, side: 0 });
    if (right[i]) order.push({ clip: right[i]!, side: 1 });
  }
  const placed: Placed[] = [];
  const sideEnd = [0, 0];
  order.forEach(({ clip, side }, i) => {
    const prev = placed[i - 1];
    let start = 0.5;
    if (prev) {
      start =
        i % 2 === 0 && prev.side !== side
          ? prev.start + (0.4 + 0.3 * random()) * (prev.end - prev.start)
          : prev.end + 0.3 + 0.6 * random();
    }
    start = Math.max(start, sideEnd[side]! + 0.3);
    const end = start + clip.durationS;
    sideEnd[side] = end;
    placed.push({ clip, side, start, end });
  });
  return {
    name,
    placed,
    delayMs,
    durationS: Math.max(...placed.map((p) => p.end)) + 0.5,
    doubleTalk: doubleTalkSpans(placed),
  };
}

/** Where a left clip and a right clip overlap, in time order. */
export function doubleTalkSpans(placed: Placed[]): Span[] {
  const spans: Span[] = [];
  for (const l of placed.filter((p) => p.side === 0)) {
    for (const r of placed.filter((p) => p.side === 1)) {
      if (overlapS(l, r) > 0)
        spans.push({ start: Math.max(l.start, r.start), end: Math.min(l.end, r.end) });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The reference words of one side of a call, its clips in time order. */
export function sideReference(plan: CallPlan, side: 0 | 1): string {
  return plan.placed
    .filter((p) => p.side === side)
    .map((p) => p.clip.text)
    .join(' ');
}

/** Words that only one side's reference holds, so a heard word tells which side said it. */
export function sideOnlyWords(own: string, other: string): Set<string> {
  const theirs = new Set(normaliseWords(other));
  return new Set(normaliseWords(own).filter((w) => !theirs.has(w)));
}

/** A count of words and how many of them sit on the wrong side. */
export interface WrongSide {
  words: number;
  wrong: number;
}

/**
 * Words of channel-0 (left) turns that belong to the right speaker: a word of the right
 * speaker's reference that the left speaker's reference lacks counts as wrong-side. Words both
 * speakers say cannot be told apart by text and count as right.
 */
export function wrongSideWords(
  channel0: Pick<SpeakerTurn, 'text'>[],
  leftReference: string,
  rightReference: string,
): WrongSide {
  const rightOnly = sideOnlyWords(rightReference, leftReference);
  const words = channel0.flatMap((t) => normaliseWords(t.text));
  return { words: words.length, wrong: words.filter((w) => rightOnly.has(w)).length };
}

/** Real double-talk lines of channel 0 and how many of them were hidden as echo. */
export interface DoubleTalkLoss {
  lines: number;
  lost: number;
}

/**
 * Channel-0 lines said during double talk: turns that overlap a double-talk span and hold at
 * least one word only the left speaker's reference has (so they are not merely the leak). `lost`
 * counts those among `echoed` (matched by start, end and text).
 */
export function lostDoubleTalkLines(
  channel0: SpeakerTurn[],
  echoed: SpeakerTurn[],
  doubleTalk: Span[],
  leftReference: string,
  rightReference: string,
): DoubleTalkLoss {
  const leftOnly = sideOnlyWords(leftReference, rightReference);
  const real = channel0.filter(
    (t) =>
      doubleTalk.some((s) => overlapS(t, s) > 0) &&
      normaliseWords(t.text).some((w) => leftOnly.has(w)),
  );
  const hidden = (t: SpeakerTurn) =>
    echoed.some((e) => e.start === t.start && e.end === t.end && e.text === t.text);
  return { lines: real.length, lost: real.filter(hidden).length };
}
