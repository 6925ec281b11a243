/**
 * Diarization error rate (DER), scored on a 10 ms frame grid the way NIST md-eval does:
 * DER = (missed speech + false alarm + speaker confusion) / total reference speech, with the
 * one-to-one mapping of hypothesis to reference speakers that maximises their overlap, and a
 * collar (default 0.25 s) on each side of every reference segment boundary left unscored.
 * Overlapped reference speech is scored (every reference speaker active in a frame counts).
 */

/** One speaker's span of speech (s). */
export interface SpeakerSpan {
  start: number;
  end: number;
  speaker: string;
}

/** The outcome of {@link scoreDiarization}; times in seconds of scored speaker time. */
export interface DerResult {
  /** Reference speaker time scored (the denominator). */
  total: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** (missed + falseAlarm + confusion) / total, 0..; NaN when there is no reference speech. */
  der: number;
  referenceSpeakers: number;
  hypothesisSpeakers: number;
  /** Hypothesis speaker -> reference speaker of the optimal mapping. */
  mapping: Record<string, string>;
}

/**
 * Reads RTTM `SPEAKER <file> <channel> <start s> <duration s> <NA> <NA> <speaker> <NA> <NA>`
 * lines (other line types and blank lines are skipped).
 */
export function parseRttm(text: string): SpeakerSpan[] {
  const spans: SpeakerSpan[] = [];
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] !== 'SPEAKER' || parts.length < 8) continue;
    const start = Number(parts[3]);
    const duration = Number(parts[4]);
    spans.push({ start, end: start + duration, speaker: parts[7]! });
  }
  return spans;
}

/**
 * The one-to-one assignment of rows to columns maximising the summed `gain` (rows or columns may
 * stay unassigned), by dynamic programming over subsets of columns: exact, fine up to ~16
 * columns. Returns the column of each row, or -1.
 */
export function bestAssignment(gain: number[][]): number[] {
  const rows = gain.length;
  const cols = gain[0]?.length ?? 0;
  if (cols > 16)
    throw new Error(`bestAssignment: ${cols} columns is too many for the exact search`);
  const size = 1 << cols;
  // best[r][mask]: the largest gain of rows r.. using only columns outside mask.
  const best: Float64Array[] = Array.from({ length: rows + 1 }, () => new Float64Array(size));
  for (let r = rows - 1; r >= 0; r--) {
    for (let mask = 0; mask < size; mask++) {
      let value = best[r + 1]![mask]!;
      for (let c = 0; c < cols; c++) {
        if (mask & (1 << c)) continue;
        value = Math.max(value, gain[r]![c]! + best[r + 1]![mask | (1 << c)]!);
      }
      best[r]![mask] = value;
    }
  }
  const choice: number[] = [];
  let mask = 0;
  for (let r = 0; r < rows; r++) {
    let pick = -1;
    for (let c = 0; c < cols; c++) {
      if (mask & (1 << c)) continue;
      if (Math.abs(gain[r]![c]! + best[r + 1]![mask | (1 << c)]! - best[r]![mask]!) < 1e-9) {
        pick = c;
        break;
      }
    }
    choice.push(pick);
    if (pick >= 0) mask |= 1 << pick;
  }
  return choice;
}

/**
 * Scores a hypothesis diarization against a reference.
 * @param collarS unscored time on each side of every reference boundary (s); default 0.25
 * @param stepS frame step (s); default 0.01
 */
export function scoreDiarization(
  reference: SpeakerSpan[],
  hypothesis: SpeakerSpan[],
  { collarS = 0.25, stepS = 0.01 }: { collarS?: number; stepS?: number } = {},
): DerResult {
  const refNames = [...new Set(reference.map((s) => s.speaker))];
  const hypNames = [...new Set(hypothesis.map((s) => s.speaker))];
  const end = Math.max(0, ...reference.map((s) => s.end), ...hypothesis.map((s) => s.end));
  const frames = Math.ceil(end / stepS) + 1;
  const activity = (spans: SpeakerSpan[], names: string[]) => {
    const grid = names.map(() => new Uint8Array(frames));
    for (const s of spans) {
      const row = grid[names.indexOf(s.speaker)]!;
      for (let f = Math.round(s.start / stepS); f < Math.round(s.end / stepS); f++) row[f] = 1;
    }
    return grid;
  };
  const ref = activity(reference, refNames);
  const hyp = activity(hypothesis, hypNames);
  const scored = new Uint8Array(frames).fill(1);
  const collar = Math.round(collarS / stepS);
  for (const s of reference) {
    for (const t of [s.start, s.end]) {
      const centre = Math.round(t / stepS);
      for (let f = Math.max(0, centre - collar); f < Math.min(frames, centre + collar); f++)
        scored[f] = 0;
    }
  }

  // Overlap of every hypothesis speaker with every reference speaker, in scored frames.
  const gain = hypNames.map((_, h) =>
    refNames.map((_, r) => {
      let n = 0;
      for (let f = 0; f < frames; f++) if (scored[f] && hyp[h]![f] && ref[r]![f]) n++;
      return n;
    }),
  );
  const assignment =
    refNames.length && hypNames.length ? bestAssignment(gain) : hypNames.map(() => -1);
  const mapping: Record<string, string> = {};
  assignment.forEach((r, h) => {
    if (r >= 0) mapping[hypNames[h]!] = refNames[r]!;
  });

  let total = 0;
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    let nRef = 0;
    let nHyp = 0;
    let correct = 0;
    for (let r = 0; r < refNames.length; r++) nRef += ref[r]![f]!;
    for (let h = 0; h < hypNames.length; h++) {
      if (!hyp[h]![f]) continue;
      nHyp++;
      const r = assignment[h]!;
      if (r >= 0 && ref[r]![f]) correct++;
    }
    total += nRef;
    missed += Math.max(0, nRef - nHyp);
    falseAlarm += Math.max(0, nHyp - nRef);
    confusion += Math.min(nRef, nHyp) - correct;
  }
  return {
    total: total * stepS,
    missed: missed * stepS,
    falseAlarm: falseAlarm * stepS,
    confusion: confusion * stepS,
    der: total ? (missed + falseAlarm + confusion) / total : Number.NaN,
    referenceSpeakers: refNames.length,
    hypothesisSpeakers: hypNames.length,
    mapping,
  };
}
