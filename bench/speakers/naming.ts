/**
 * Scoring of suggested speaker names across meetings (bench/speakers): enrol the people of one
 * recording under their true names (what a user naming the speakers correctly would do), suggest
 * names on every other recording with Summy's own rules (apps/server/src/services/voices), and
 * count what was right. Leave-one-out over the enrolment recording, so no recording is scored
 * with profiles made from itself.
 */
import {
  cosine,
  meanVoiceprint,
  suggestNames,
  type VoiceCandidate,
  type VoiceMatchPolicy,
} from '../../apps/server/src/services/voices/voice-match.ts';

/** One diarized recording: each hypothesis speaker's voiceprint and the true person behind it. */
export interface VoicedRecording {
  name: string;
  /** Voiceprint per hypothesis speaker (null: too little speech). */
  vectors: (number[] | null)[];
  /** True person (reference speaker id) per hypothesis speaker, by the DER's optimal mapping. */
  truth: (string | null)[];
}

/** Counts of one scoring. */
export interface NamingScore {
  /** Suggestions made. */
  suggested: number;
  /** Suggestions naming the right person. */
  correct: number;
  /** Hypothesis speakers whose true person had a profile: the ones that could be named. */
  nameable: number;
  /** Cosine similarities of a speaker to the profile of the same person / of another person. */
  same: number[];
  different: number[];
}

/**
 * Leave-one-out naming: for each recording in `enrol`, profiles from its speakers' voiceprints
 * under their true names; suggestions on every other recording of `all`.
 */
export function scoreNaming(
  enrol: VoicedRecording[],
  all: VoicedRecording[],
  policy: VoiceMatchPolicy,
): NamingScore {
  const score: NamingScore = { suggested: 0, correct: 0, nameable: 0, same: [], different: [] };
  for (const source of enrol) {
    const byPerson = new Map<string, number[][]>();
    source.vectors.forEach((v, i) => {
      const person = source.truth[i];
      if (v && person) byPerson.set(person, [...(byPerson.get(person) ?? []), v]);
    });
    const candidates: VoiceCandidate[] = [...byPerson].map(([person, vectors]) => ({
      profileId: person,
      name: person,
      vector: meanVoiceprint(vectors)!,
      attendee: false,
    }));
    for (const target of all) {
      if (target === source) continue;
      const matches = suggestNames(target.vectors, candidates, policy);
      target.vectors.forEach((v, i) => {
        const person = target.truth[i];
        if (!v) return;
        if (person && byPerson.has(person)) score.nameable++;
        for (const c of candidates) {
          (c.name === person ? score.same : score.different).push(cosine(v, c.vector));
        }
        const match = matches.get(i);
        if (!match) return;
        score.suggested++;
        if (match.name === person) score.correct++;
      });
    }
  }
  return score;
}

/** Precision and recall (0..1) of a score; NaN where nothing was suggested or nameable. */
export function precisionRecall(score: NamingScore): { precision: number; recall: number } {
  return {
    precision: score.suggested ? score.correct / score.suggested : NaN,
    recall: score.nameable ? score.correct / score.nameable : NaN,
  };
}
