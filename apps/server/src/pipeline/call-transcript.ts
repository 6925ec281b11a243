/**
 * A two-channel call recording's transcript from its channels' transcriptions (channel 0 the
 * account holder's microphone, channel 1 the call), merged by time with the echo rule of
 * `mergeChannelTranscripts`, and the names its speakers start with. Pure: no I/O.
 */
import {
  doubleTalkShare,
  mergeChannelTranscripts,
  turnsToTranscriptText,
  turnsToUtterances,
  wordsToTurns,
  type CallCapture,
  type SpeakerEmbeddings,
  type SpeakerTurn,
  type Word,
  type TranscriptionResult,
} from '@summy/core';

/** A call's merged transcription, what merging found, and the account holder's speaker index. */
export interface CallTranscript {
  /** The merged transcript, with channel 1's speakers at their indexes and the holder after. */
  result: TranscriptionResult;
  /** Saved as `summary_data.capture`: the hidden echo lines and the double-talk share. */
  capture: CallCapture;
  /** The speaker index of the account holder: one past channel 1's highest. */
  holderSpeaker: number;
}

/**
 * Merges the channels' transcriptions. Times, words and turns come from
 * `mergeChannelTranscripts`; the duration is the longer channel's; the confidence is the mean of
 * the kept words' (the channels' mean when no word is kept); the language is the call's. Topics
 * and intents of both channels are kept; a provider's summary and sentiment describe one side
 * only, so they are dropped. Voiceprints: channel 1's at their indexes, and at `holderSpeaker` the
 * vector of channel 0's most talkative speaker, when the channels' embedding models agree.
 */
export function mergeCallTranscriptions(
  me: TranscriptionResult,
  them: TranscriptionResult,
): CallTranscript {
  const mine = { turns: turnsAtPauses(me), words: me.words };
  const theirs = { turns: turnsAtPauses(them), words: them.words };
  const merged = mergeChannelTranscripts(mine, theirs);
  const speakers = joinedTurns(merged.turns.map(({ channel: _channel, ...turn }) => turn));
  const wordConfidence = merged.words.map((w) => w.confidence);
  const confidence = wordConfidence.length
    ? wordConfidence.reduce((a, b) => a + b, 0) / wordConfidence.length
    : (me.confidence + them.confidence) / 2;
  const embeddings = mergedEmbeddings(me, them, merged.holderSpeaker);
  const result: TranscriptionResult = {
    text: turnsToTranscriptText(speakers),
    duration: Math.max(me.duration, them.duration),
    language: them.language || me.language,
    confidence,
    speakers,
    words: merged.words,
    summary: null,
    topics: [...them.topics, ...me.topics],
    intents: [...them.intents, ...me.intents],
    sentiment: null,
    utterances: turnsToUtterances(speakers),
    ...(embeddings && { speakerEmbeddings: embeddings }),
  };
  const capture: CallCapture = {
    echoed: merged.echoed.map((t) => ({ start: t.start, end: t.end, text: t.text })),
    // The microphone's own turns, echoes included: echo on speakers is what drives it up.
    doubleTalkShare: doubleTalkShare(mine.turns, theirs.turns),
  };
  return { result, capture, holderSpeaker: merged.holderSpeaker };
}

/**
 * A silence (s) between two words of one speaker at which a channel's turn is cut. One voice on a
 * channel is otherwise one turn spanning the whole call, which neither interleaves with the other
 * side by time nor lets the echo rule judge a stretch of echo apart from the holder's own words.
 * Pauses between sentences run about half a second to a second; a reply after the other side
 * spoke leaves a longer gap on this channel.
 */
export const CALL_TURN_PAUSE_S = 0.8;

/**
 * A channel's turns cut at every speaker change and every pause of {@link CALL_TURN_PAUSE_S} or
 * more between words; the provider's turns when it gave no words.
 */
export function turnsAtPauses(result: TranscriptionResult): SpeakerTurn[] {
  if (result.words.length === 0) return result.speakers;
  const runs: Word[][] = [];
  let prevEnd = -Infinity;
  for (const w of result.words) {
    if (w.start - prevEnd >= CALL_TURN_PAUSE_S) runs.push([]);
    runs.at(-1)!.push(w);
    prevEnd = w.end;
  }
  return runs.flatMap(wordsToTurns);
}

/**
 * Turns in time order with each run of one speaker's consecutive turns joined into one: cut at
 * pauses to be judged, they are shown as one paragraph while the other side is silent.
 */
function joinedTurns(turns: SpeakerTurn[]): SpeakerTurn[] {
  const joined: SpeakerTurn[] = [];
  for (const turn of turns) {
    const last = joined.at(-1);
    if (last?.speaker !== turn.speaker) joined.push({ ...turn });
    else {
      const [a, b] = [last.text.split(' ').length, turn.text.split(' ').length];
      last.confidence = (last.confidence * a + turn.confidence * b) / (a + b);
      last.text = `${last.text} ${turn.text}`;
      last.end = Math.max(last.end, turn.end);
    }
  }
  return joined;
}

/** Channel 1's voiceprints at their indexes and channel 0's main voice at `holderSpeaker`. */
function mergedEmbeddings(
  me: TranscriptionResult,
  them: TranscriptionResult,
  holderSpeaker: number,
): SpeakerEmbeddings | null {
  const model = them.speakerEmbeddings?.model ?? me.speakerEmbeddings?.model;
  if (!model) return null;
  const vectors: (number[] | null)[] = Array.from({ length: holderSpeaker + 1 }, () => null);
  if (them.speakerEmbeddings?.model === model) {
    them.speakerEmbeddings.vectors.forEach((v, i) => {
      if (i < holderSpeaker) vectors[i] = v;
    });
  }
  if (me.speakerEmbeddings?.model === model) {
    const spoken = new Map<number, number>();
    for (const w of me.words) spoken.set(w.speaker ?? 0, (spoken.get(w.speaker ?? 0) ?? 0) + 1);
    const main = [...spoken].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    vectors[holderSpeaker] =
      me.speakerEmbeddings.vectors[main] ?? me.speakerEmbeddings.vectors.find((v) => v) ?? null;
  }
  return vectors.some((v) => v) ? { model, vectors } : null;
}

/** Who the account holder is, for naming a call's speakers. */
export interface CallHolder {
  /** The account's display name. */
  name: string;
  /** The account's e-mail and the linked calendar account's, when known (either may be absent). */
  emails: (string | null | undefined)[];
}

/**
 * The names a call's speakers start with (label 'Speaker N' -> name): the account holder's label
 * under their name; and, when the linked event has exactly two attendees of whom one is not the
 * holder (by e-mail, any case), each of channel 1's speakers under that attendee's name (their
 * e-mail when the event gives no name). The user can rename any of them afterwards.
 * @param callSpeakers channel 1's speaker indexes in the merged transcript
 */
export function callSpeakerNames(
  holderSpeaker: number,
  holder: CallHolder,
  attendees: { email: string; name?: string | null }[] | null,
  callSpeakers: number[],
): Record<string, string> {
  const names: Record<string, string> = {};
  if (holder.name.trim()) names[`Speaker ${holderSpeaker + 1}`] = holder.name.trim();
  if (attendees?.length !== 2) return names;
  const mine = new Set(holder.emails.filter(Boolean).map((e) => e!.toLowerCase()));
  const others = attendees.filter((a) => !mine.has(a.email.toLowerCase()));
  if (others.length !== 1) return names;
  const other = others[0]!.name?.trim() || others[0]!.email;
  for (const speaker of new Set(callSpeakers)) names[`Speaker ${speaker + 1}`] = other;
  return names;
}
