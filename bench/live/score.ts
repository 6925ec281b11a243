/**
 * Scoring of the live transcript bench (pure, unit-tested): where each utterance ends in a meeting
 * built from clips, how long after that end its text arrived on the event stream, and the spoken
 * words of a final transcript.
 */

/** One clip as placed in a bench meeting. */
export interface ClipTimes {
  /** Length of the clip (s). */
  durationS: number;
  /** Where its utterances end (s from the clip's start), in time order. */
  ends: number[];
}

/** A meeting's timeline: where each clip starts and where every utterance ends. */
export interface Timeline {
  /** Start of each clip (s from the recording's start), in the order given. */
  offsets: number[];
  /** Every utterance end (s from the recording's start), in time order. */
  ends: number[];
  /** For each of `ends`, the index of its clip. */
  clipOfEnd: number[];
  /** Length of the whole recording (s): the last clip's end plus the trailing gap. */
  durationS: number;
}

/**
 * Places clips one after another with `gapS` of silence before each and after the last, so each
 * clip's last word ends a stretch of speech the live detector must close on its own.
 */
export function placeClips(clips: readonly ClipTimes[], gapS: number): Timeline {
  const offsets: number[] = [];
  const ends: number[] = [];
  const clipOfEnd: number[] = [];
  let at = gapS;
  for (const [i, clip] of clips.entries()) {
    offsets.push(at);
    for (const end of clip.ends) {
      ends.push(at + end);
      clipOfEnd.push(i);
    }
    at += clip.durationS + gapS;
  }
  return { offsets, ends, clipOfEnd, durationS: at };
}

/** A live segment as the bench saw it arrive. */
export interface ArrivedSegment {
  /** Audio span of the segment (s from the recording's start), as published. */
  start: number;
  end: number;
  /** When it arrived on the stream (s after the recording started, on the bench's clock). */
  arrivedS: number;
}

/**
 * The delay from each utterance end to the arrival of the text that holds it: the earliest
 * arriving segment that covers the end (starts at or before it, ends no earlier than `toleranceS`
 * before it; the detector's edges differ from the reference's by a fraction of a second).
 * @param ends utterance ends (s from the recording's start)
 * @returns per end, the delay (s) or null when no segment covered it (its text never came)
 */
export function utteranceDelays(
  ends: readonly number[],
  segments: readonly ArrivedSegment[],
  toleranceS = 0.5,
): (number | null)[] {
  return ends.map((end) => {
    const covering = segments.filter((s) => s.start <= end && s.end >= end - toleranceS);
    if (covering.length === 0) return null;
    return Math.min(...covering.map((s) => s.arrivedS)) - end;
  });
}

/**
 * The words of a final transcript: each line's leading time stamp and speaker label removed
 * (`[00:01] Speaker 1: words`), so only spoken words are scored.
 */
export function spokenText(transcript: string): string {
  return transcript
    .split('\n')
    .map((line) => line.replace(/^\s*(\[[^\]]*\]\s*)?([^:\n]{1,40}:\s)?/, ''))
    .join(' ');
}
