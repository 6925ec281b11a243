/**
 * Each speaker's voiceprint from the embedding windows of a transcription: the length-normalised
 * mean of the windows that lie inside that speaker's turns. Voice profiles and name suggestions
 * compare these across meetings (services/voices).
 *
 * Only windows whose core falls wholly inside one turn count: a window straddling a speaker
 * change mixes two voices, and averaging it in pulls both voiceprints towards each other.
 */
import { wordsToTurns, type SpeakerEmbeddings, type Word } from '@summy/core';
import type { SpeakerWindow } from '../offline/diarize.ts';

/** How far (s) a window's core may reach past the turn it lies in: word times are coarse. */
const EDGE_TOLERANCE_S = 0.25;

/**
 * Mean embedding per speaker of `words` (0-based speakers, as assigned), each scaled to unit
 * length; null for a speaker with no window inside their turns.
 * @param windows embedding windows with their core spans (s), any order
 * @param words the result's words with speakers, in time order
 * @param model catalog id of the model that made the windows' vectors
 */
export function meanSpeakerEmbeddings(
  windows: SpeakerWindow[],
  words: Word[],
  model: string,
): SpeakerEmbeddings {
  const turns = wordsToTurns(words);
  const speakers = turns.reduce((n, t) => Math.max(n, t.speaker + 1), 0);
  const sums: (Float64Array | null)[] = Array.from({ length: speakers }, () => null);
  for (const w of windows) {
    const turn = turns.find(
      (t) => w.coreStart >= t.start - EDGE_TOLERANCE_S && w.coreEnd <= t.end + EDGE_TOLERANCE_S,
    );
    if (!turn) continue;
    const sum = (sums[turn.speaker] ??= new Float64Array(w.vector.length));
    const norm = Math.hypot(...Array.from(w.vector)) || 1;
    for (let i = 0; i < sum.length; i++) sum[i]! += w.vector[i]! / norm;
  }
  return {
    model,
    vectors: sums.map((sum) => {
      if (!sum) return null;
      const norm = Math.hypot(...sum) || 1;
      return Array.from(sum, (v) => Math.round((v / norm) * 1e6) / 1e6);
    }),
  };
}
