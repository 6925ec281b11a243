/**
 * Summy's own speaker diarization for the offline speech-to-text provider: who spoke when,
 * with the number of speakers estimated from the recording itself, without a neural model.
 *
 * 1. Speaker embeddings of 2 s segments every 0.5 s inside the speech regions (GMM-UBM MAP
 *    supervectors of MFCC, see ./embeddings.ts).
 * 2. Spectral clustering with the number of speakers from the normalised maximum eigengap
 *    (NME-SC, see ./spectral.ts), whose pruning is chosen per recording. Segments sharing
 *    audio are never each other's neighbours: otherwise every segment's nearest neighbours are
 *    the ones it overlaps, the graph becomes a chain through time, and its many small
 *    eigenvalues read as many speakers.
 * 3. Long recordings: at most `maxClusteredSegments` evenly spaced segments are clustered (the
 *    eigen-decompositions grow with the cube); the others join the nearest cluster centroid.
 * 4. Words get the speaker of the segment owning their midpoint (see {@link assignSpeakers}),
 *    short flips are smoothed, and speakers are numbered 0, 1, ... by first appearance.
 *
 * Replaces a cut of agglomerative clustering by a merge threshold tuned on the test files, which
 * found one speaker in unseen multi-speaker clips and 20 in a 9-minute two-person file
 * (docs/decisions/015-fallback-diarization-speaker-count.md).
 *
 * Pure: no I/O; long work yields through `checkpoint` so an abort can stop it.
 */
import type { Word } from '@summy/core';
import { cosineDistance } from './cluster.ts';
import { extractEmbeddings, type EmbeddingOptions } from './embeddings.ts';
import { spectralCluster, type SpectralOptions } from './spectral.ts';
import type { SpeechRegion } from './vad.ts';

/** Tuning of {@link diarize}. */
export interface DiarizationOptions extends EmbeddingOptions, SpectralOptions {
  /**
   * Segments clustered at most; the rest join the nearest centroid; default 300 (a 300-item
   * eigen-decomposition takes about 0.3 s here, and NME-SC makes a few dozen).
   */
  maxClusteredSegments?: number;
}

/** A span of speech attributed to one speaker (s; `speaker` 0-based by first appearance). */
export interface SpeakerSegment {
  start: number;
  end: number;
  speaker: number;
}

/** What {@link diarize} found. */
export interface DiarizationResult {
  /** Non-overlapping spans in time order; adjacent spans of one speaker are joined. */
  segments: SpeakerSegment[];
  /** Number of speakers (0 when there was too little speech to embed). */
  speakerCount: number;
}

/**
 * Diarizes the speech regions of `pcm`.
 * @param pcm mono samples in [-1, 1] at `options.sampleRate` (default 16,000 Hz)
 * @param regions speech regions (s) from the VAD
 */
export async function diarize(
  pcm: Float32Array,
  regions: SpeechRegion[],
  options: DiarizationOptions = {},
): Promise<DiarizationResult> {
  const { segments } = await extractEmbeddings(pcm, regions, { components: 8, ...options });
  return clusterSegments(segments, options);
}

/**
 * A stretch of speech with its speaker embedding: the MFCC supervectors of ./embeddings.ts or the
 * neural embeddings of the local engine (providers/stt/local).
 */
export interface SpeakerWindow {
  /** Span the embedding was computed over (s). */
  start: number;
  end: number;
  /** The part of the span this window speaks for when windows overlap (s). */
  coreStart: number;
  coreEnd: number;
  vector: ArrayLike<number>;
}

/**
 * Steps 2 to 4 of {@link diarize} on embeddings made elsewhere: NME-SC spectral clustering with
 * the speaker count estimated from the data (windows sharing audio are never neighbours), the
 * windows beyond `maxClusteredSegments` joining the nearest centroid, then the windows' core
 * spans joined per speaker and numbered by first appearance.
 * @param segments in time order
 */
export async function clusterSegments(
  segments: SpeakerWindow[],
  options: DiarizationOptions = {},
): Promise<DiarizationResult> {
  const n = segments.length;
  if (n === 0) return { segments: [], speakerCount: 0 };
  const checkpoint = options.checkpoint ?? (async () => {});

  const limit = options.maxClusteredSegments ?? 300;
  const picked =
    n <= limit
      ? segments.map((_, i) => i)
      : Array.from({ length: limit }, (_, i) => Math.floor((i * n) / limit));
  const shareAudio = (i: number, j: number) => {
    const a = segments[picked[i]!]!;
    const b = segments[picked[j]!]!;
    return a.start < b.end && b.start < a.end;
  };
  const { labels: pickedLabels, k } = spectralCluster(
    picked.map((i) => segments[i]!.vector),
    shareAudio,
    options,
  );
  await checkpoint();

  const labels = new Int32Array(n).fill(-1);
  picked.forEach((segment, i) => (labels[segment] = pickedLabels[i]!));
  if (picked.length < n) {
    const dim = segments[0]!.vector.length;
    const centroids = Array.from({ length: k }, () => new Float64Array(dim));
    picked.forEach((segment, i) => {
      const v = segments[segment]!.vector;
      const c = centroids[pickedLabels[i]!]!;
      for (let j = 0; j < dim; j++) c[j]! += v[j]!;
    });
    for (let s = 0; s < n; s++) {
      if (labels[s]! >= 0) continue;
      let best = 0;
      for (let c = 1; c < k; c++)
        if (
          cosineDistance(segments[s]!.vector, centroids[c]!) <
          cosineDistance(segments[s]!.vector, centroids[best]!)
        )
          best = c;
      labels[s] = best;
    }
  }
  const spans: SpeakerSegment[] = segments.map((segment, s) => ({
    start: segment.coreStart,
    end: segment.coreEnd,
    speaker: labels[s]!,
  }));
  return renumber(joinSpans(spans));
}

/** Joins touching or overlapping spans of the same speaker (input in time order). */
function joinSpans(spans: SpeakerSegment[]): SpeakerSegment[] {
  const out: SpeakerSegment[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && last.speaker === span.speaker && span.start - last.end < 0.05) {
      last.end = Math.max(last.end, span.end);
    } else out.push({ ...span });
  }
  return out;
}

/** Renumbers speakers 0, 1, ... by first appearance. */
function renumber(spans: SpeakerSegment[]): DiarizationResult {
  const map = new Map<number, number>();
  for (const span of spans) {
    if (!map.has(span.speaker)) map.set(span.speaker, map.size);
    span.speaker = map.get(span.speaker)!;
  }
  return { segments: spans, speakerCount: map.size };
}

/**
 * Gives each word the speaker of the diarization span covering its midpoint (or the nearest
 * span), then smooths flips: a run of words of another speaker lasting under `minTurnS`
 * between two runs of the same speaker takes that speaker, since real interjections that short
 * are rarer than embedding noise. Speakers are renumbered by first appearance among the words.
 * @param words in time order (s); returned as new objects with `speaker` set
 * @param minTurnS shortest turn kept between two turns of one speaker (s); default 0.5 (1 s
 *   also merged real short replies in the pyannote sample: DER 20% instead of 16%)
 */
export function assignSpeakers(words: Word[], spans: SpeakerSegment[], minTurnS = 0.5): Word[] {
  if (spans.length === 0) return words.map((w) => ({ ...w, speaker: 0 }));
  let j = 0;
  const out = words.map((w) => {
    const mid = (w.start + w.end) / 2;
    while (j < spans.length - 1 && spans[j]!.end <= mid) j++;
    // spans[j] is the first span ending after mid; the previous one may be nearer.
    let best = spans[j]!;
    const prev = spans[j - 1];
    const gap = (s: SpeakerSegment) =>
      mid < s.start ? s.start - mid : mid > s.end ? mid - s.end : 0;
    if (prev && gap(prev) < gap(best)) best = prev;
    return { ...w, speaker: best.speaker };
  });

  // Runs of one speaker; a short run between two runs of one other speaker is absorbed.
  let changed = true;
  while (changed) {
    changed = false;
    const runs: { first: number; last: number; speaker: number }[] = [];
    out.forEach((w, i) => {
      const run = runs[runs.length - 1];
      if (run && run.speaker === w.speaker) run.last = i;
      else runs.push({ first: i, last: i, speaker: w.speaker! });
    });
    for (let r = 1; r < runs.length - 1; r++) {
      const run = runs[r]!;
      const before = runs[r - 1]!;
      const after = runs[r + 1]!;
      const length = out[run.last]!.end - out[run.first]!.start;
      if (before.speaker === after.speaker && length < minTurnS) {
        for (let i = run.first; i <= run.last; i++) out[i]!.speaker = before.speaker;
        changed = true;
        r++;
      }
    }
  }
  const map = new Map<number, number>();
  for (const w of out) {
    if (!map.has(w.speaker!)) map.set(w.speaker!, map.size);
    w.speaker = map.get(w.speaker!)!;
  }
  return out;
}
