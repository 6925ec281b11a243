/**
 * Which voice profile, if any, a meeting's speaker sounds like: pure functions over voiceprints
 * (unit-length speaker embeddings). The rules, and how the thresholds were chosen:
 * docs/decisions/056-voice-profiles.md.
 *
 * A name is suggested only for a mutual best match (the speaker's most similar profile, and that
 * profile's most similar speaker) whose cosine similarity reaches the model's threshold and beats
 * the speaker's runner-up profile by the margin. The linked event's attendees are tried first,
 * then every other profile, so a person who was invited wins over a look-alike who was not.
 */

/** When two voiceprints of one embedding model count as one person (cosine similarity, -1..1). */
export interface VoiceMatchPolicy {
  /** Least similarity of a suggested match. */
  threshold: number;
  /** Least lead of the best profile over the speaker's runner-up profile. */
  margin: number;
}

/**
 * The policy for neural speaker embeddings (CAM++): sherpa-onnx's speaker identification
 * examples accept a match from cosine 0.6 (python-api-examples/speaker-identification.py,
 * `--threshold` default); the margin keeps two similar profiles from a coin toss.
 */
export const DEFAULT_VOICE_MATCH: VoiceMatchPolicy = { threshold: 0.6, margin: 0.1 };

/** A voice profile as a candidate. */
export interface VoiceCandidate {
  profileId: string;
  name: string;
  /** Unit-length voiceprint. */
  vector: readonly number[];
  /** True when the person is an attendee of the meeting's calendar event. */
  attendee: boolean;
}

/** A suggested name for one speaker; `similarity` null when it came from the attendee list. */
export interface VoiceMatch {
  profileId: string | null;
  name: string;
  similarity: number | null;
}

/** Cosine similarity of two vectors of one length (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Mutual best matches of `speakers` (index → voiceprint) among `candidates`. */
function mutualMatches(
  speakers: Map<number, readonly number[]>,
  candidates: VoiceCandidate[],
  policy: VoiceMatchPolicy,
): Map<number, VoiceMatch> {
  const out = new Map<number, VoiceMatch>();
  if (candidates.length === 0) return out;
  const sims = new Map<number, number[]>();
  for (const [s, v] of speakers)
    sims.set(
      s,
      candidates.map((c) => cosine(v, c.vector)),
    );
  for (const [s, row] of sims) {
    let best = 0;
    for (let c = 1; c < row.length; c++) if (row[c]! > row[best]!) best = c;
    const runnerUp = Math.max(-1, ...row.filter((_, c) => c !== best));
    const similarity = row[best]!;
    if (similarity < policy.threshold) continue;
    if (row.length > 1 && similarity - runnerUp < policy.margin) continue;
    // Mutual: no other speaker is closer to this profile.
    const closer = [...sims].some(([o, r]) => o !== s && r[best]! >= similarity);
    if (closer) continue;
    const c = candidates[best]!;
    out.set(s, { profileId: c.profileId, name: c.name, similarity: round(similarity) });
  }
  return out;
}

/**
 * Suggested names for a meeting's speakers.
 * @param speakers voiceprint per speaker index (null: too little speech); speakers already named
 *   by the user are left out by the caller
 * @param candidates the user's profiles of the same embedding model, names already given in the
 *   meeting left out (one name per person per meeting)
 * @param attendees names of the linked event's attendees (empty without an event); with exactly
 *   two attendees and two speakers, once one speaker is matched to one attendee the other speaker
 *   is suggested the other attendee
 * @param speakerCount how many speakers the transcript has (named ones included)
 * @returns speaker index → suggestion
 */
export function suggestNames(
  speakers: readonly (readonly number[] | null)[],
  candidates: VoiceCandidate[],
  policy: VoiceMatchPolicy,
  attendees: readonly string[] = [],
  speakerCount = speakers.length,
  namedSpeakers: ReadonlyMap<number, string> = new Map(),
): Map<number, VoiceMatch> {
  const open = new Map<number, readonly number[]>();
  speakers.forEach((v, i) => {
    if (v && !namedSpeakers.has(i)) open.set(i, v);
  });
  const first = mutualMatches(
    open,
    candidates.filter((c) => c.attendee),
    policy,
  );
  for (const s of first.keys()) open.delete(s);
  const used = new Set([...first.values()].map((m) => m.profileId));
  const second = mutualMatches(
    open,
    candidates.filter((c) => !c.attendee && !used.has(c.profileId)),
    policy,
  );
  const out = new Map([...first, ...second]);

  // Two people at an event with two attendees: knowing one voice names the other.
  if (attendees.length === 2 && speakerCount === 2) {
    const known = new Map<number, string>([
      ...namedSpeakers,
      ...[...out].map(([s, m]) => [s, m.name] as const),
    ]);
    if (known.size === 1) {
      const [s, name] = [...known][0]!;
      const lower = name.toLowerCase();
      const index = attendees.findIndex((a) => a.toLowerCase() === lower);
      if (index >= 0) {
        const other = attendees[1 - index]!;
        const profile = candidates.find((c) => c.name.toLowerCase() === other.toLowerCase());
        const v = speakers[1 - s];
        out.set(1 - s, {
          profileId: profile?.profileId ?? null,
          name: other,
          similarity: profile && v ? round(cosine(v, profile.vector)) : null,
        });
      }
    }
  }
  return out;
}

/** The normalised mean of unit vectors (each scaled to unit length first); null for none. */
export function meanVoiceprint(vectors: readonly (readonly number[])[]): number[] | null {
  if (vectors.length === 0) return null;
  const sum = new Array<number>(vectors[0]!.length).fill(0);
  for (const v of vectors) {
    const norm = Math.hypot(...v) || 1;
    v.forEach((x, i) => (sum[i]! += x / norm));
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => round(x / norm, 6));
}

function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
