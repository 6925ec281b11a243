/**
 * Two-channel recordings of a call: the account holder's microphone on channel 0 ("me") and the
 * call's audio on channel 1 ("them"). Each channel is transcribed on its own; these rules merge the
 * two transcripts by time and hide the microphone's echo of the call.
 *
 * The echo rule is the timing-gated text match of lokalbot's transcript de-duplication
 * (github.com/lokalbot, pull request 44): on speakers the call also enters the microphone, and a
 * channel-0 turn is an echo only when it overlaps a channel-1 turn in time and repeats its words.
 * Audio similarity alone is never enough: genuine double talk correlates as strongly as an echo.
 * Times are in seconds.
 */
import { z } from './zod.ts';
import type { SpeakerTurn, Word } from './transcription.ts';

/** The channel layout of a two-channel call recording: channel 0 is me, channel 1 the call. */
export const CALL_CHANNELS = ['me', 'them'] as const;

/** A meeting's channel layout: `["me", "them"]`, or null for a single-source recording. */
export const channelLayoutSchema = z
  .tuple([z.literal('me'), z.literal('them')])
  .nullable()
  .describe(
    'The channel layout of a two-channel call recording: channel 0 is the account holder ' +
      "(microphone), channel 1 the call's audio; null for one source.",
  );

/**
 * What merging a call's two channels found, stored with the meeting: the microphone's lines hidden
 * as echoes of the call (times in s), and the share of speech time both channels spoke at once
 * (0..1), from which the app suggests headphones at {@link HEADPHONES_HINT_SHARE} or more.
 */
export const callCaptureSchema = z.object({
  echoed: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
  doubleTalkShare: z.number().min(0).max(1),
});

/** See {@link callCaptureSchema}. */
export type CallCapture = z.infer<typeof callCaptureSchema>;

/** A meeting's channel layout (see {@link channelLayoutSchema}). */
export type ChannelLayout = z.infer<typeof channelLayoutSchema>;

/** The echo rule's thresholds. */
export const ECHO_RULE = {
  /** The overlap in time, as a share of the shorter turn's span, at or above which it may echo. */
  minOverlapOfShorter: 0.5,
  /** The share of the channel-0 turn's words found in the channel-1 turn. */
  minSharedWords: 0.8,
  /** Both turns need at least this many words: "yes" and "okay" are never judged by words. */
  minWords: 4,
} as const;

/** A turn with its channel: 0 the account holder's microphone, 1 the call. */
export interface ChannelTurn extends SpeakerTurn {
  channel: 0 | 1;
}

/** Lower-case words without punctuation, for comparing what two turns say. */
export function comparableWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Seconds during which two spans overlap (0 when they do not). */
function overlapS(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/** The share of `mine`'s words found in `theirs`, each word of `theirs` used once. */
function sharedWordShare(mine: string[], theirs: string[]): number {
  const left = new Map<string, number>();
  for (const w of theirs) left.set(w, (left.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of mine) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      left.set(w, n - 1);
    }
  }
  return mine.length === 0 ? 0 : shared / mine.length;
}

/**
 * Whether a channel-0 turn (`mine`) is the microphone's echo of a channel-1 turn (`theirs`): they
 * overlap in time for at least half of the shorter one, at least 80% of `mine`'s words are in
 * `theirs`, and both have at least 4 words. A turn of zero length overlaps nothing.
 */
export function isEcho(mine: SpeakerTurn, theirs: SpeakerTurn): boolean {
  const a = comparableWords(mine.text);
  const b = comparableWords(theirs.text);
  if (a.length < ECHO_RULE.minWords || b.length < ECHO_RULE.minWords) return false;
  const shorter = Math.min(mine.end - mine.start, theirs.end - theirs.start);
  if (!(shorter > 0)) return false;
  if (overlapS(mine, theirs) < ECHO_RULE.minOverlapOfShorter * shorter) return false;
  return sharedWordShare(a, b) >= ECHO_RULE.minSharedWords;
}

/** Two channels' transcripts merged by time, with the echoes set apart. */
export interface MergedChannels {
  /** Every kept turn in time order; channel 1's speakers keep their indexes. */
  turns: ChannelTurn[];
  /** Every kept word in time order, with the same speaker indexes as `turns`. */
  words: Word[];
  /** The channel-0 turns hidden as echoes of channel 1, in time order. */
  echoed: ChannelTurn[];
  /** The speaker index given to the account holder: one past channel 1's highest. */
  holderSpeaker: number;
}

/** What one channel's transcription gave: its turns and words (speaker indexes 0-based). */
export interface ChannelTranscript {
  turns: SpeakerTurn[];
  words: Word[];
}

/** Orders by start time; at equal starts the call (channel 1) comes first, as it was heard first. */
function byStart(a: { start: number; channel?: 0 | 1 }, b: { start: number; channel?: 0 | 1 }) {
  return a.start - b.start || (b.channel ?? 0) - (a.channel ?? 0);
}

/**
 * Merges the microphone's transcript (`me`, channel 0) and the call's (`them`, channel 1) by time.
 * Channel 1's speakers keep their indexes (Speaker 1..n); the account holder takes the index after
 * them, so labels stay `Speaker {index + 1}` everywhere and the holder's is renamed to their name.
 * A channel-0 turn that {@link isEcho} of any channel-1 turn is set apart in `echoed`, with its
 * words; channel 1 is never dropped.
 */
export function mergeChannelTranscripts(
  me: ChannelTranscript,
  them: ChannelTranscript,
): MergedChannels {
  const holderSpeaker =
    Math.max(-1, ...them.turns.map((t) => t.speaker), ...them.words.map((w) => w.speaker ?? 0)) + 1;
  const kept: ChannelTurn[] = them.turns.map((t) => ({ ...t, channel: 1 as const }));
  const echoed: ChannelTurn[] = [];
  for (const turn of me.turns) {
    const mine: ChannelTurn = { ...turn, speaker: holderSpeaker, channel: 0 };
    (them.turns.some((theirs) => isEcho(turn, theirs)) ? echoed : kept).push(mine);
  }
  const inEcho = (w: Word) => echoed.some((t) => w.start >= t.start && w.end <= t.end);
  const words = [
    ...them.words.map((w) => ({ ...w, speaker: w.speaker ?? 0, channel: 1 as const })),
    ...me.words
      .filter((w) => !inEcho(w))
      .map((w) => ({ ...w, speaker: holderSpeaker, channel: 0 as const })),
  ]
    .sort(byStart)
    .map(({ channel: _channel, ...w }) => w);
  return { turns: kept.sort(byStart), words, echoed: echoed.sort(byStart), holderSpeaker };
}

/** Total seconds covered by a set of spans, overlaps counted once. */
function coveredS(spans: { start: number; end: number }[]): number {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let end = -Infinity;
  for (const s of sorted) {
    if (s.start >= end) {
      total += s.end - s.start;
      end = s.end;
    } else if (s.end > end) {
      total += s.end - end;
      end = s.end;
    }
  }
  return total;
}

/**
 * The share (0..1) of the meeting's speech time during which both channels speak at once: the
 * seconds covered by both channels' turns over the seconds covered by either. Echo on speakers
 * makes the microphone speak whenever the call does, which drives it up; 0 when nobody spoke.
 */
export function doubleTalkShare(me: SpeakerTurn[], them: SpeakerTurn[]): number {
  const either = coveredS([...me, ...them]);
  if (either === 0) return 0;
  const both = coveredS(me) + coveredS(them) - either;
  return Math.max(0, Math.min(1, both / either));
}

/**
 * The double-talk share at or above which Summy suggests headphones. Meeting corpora measure
 * overlapped speech at about a tenth to an eighth of speech time (ICSI, AMI); a microphone that
 * hears the call through speakers overlaps it whenever the call speaks, so twice the natural rate
 * points at the speakers rather than the people.
 */
export const HEADPHONES_HINT_SHARE = 0.3;
