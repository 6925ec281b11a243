/**
 * Summy's own speaker diarization for the offline speech-to-text provider: who spoke when,
 * with the number of speakers found automatically, without a neural model.
 *
 * 1. Speaker embeddings of 2 s segments every 0.5 s inside the speech regions (GMM-UBM MAP
 *    supervectors of MFCC, see ./embeddings.ts).
 * 2. Agglomerative clustering (AHC) of the segments, cosine distance, average linkage, cut into
 *    at most `maxInitialClusters` small, nearly pure clusters.
 * 3. Cluster merging on pooled statistics: the two clusters whose per-component MFCC means
 *    differ least (a t-like statistic: squared mean differences over their expected variance,
 *    per degree of freedom; 1 to 7.5 for one voice in our short recordings, 15.7 for the two
 *    pyannote speakers) are merged until every remaining pair differs by more than
 *    `mergeThreshold` (scaled up for clusters with much speech, see `mergeReferenceS`), and
 *    clusters holding less than `minSpeakerS` of speech join their nearest neighbour first.
 *    One voice can thus come out as one speaker, which silhouette-style criteria cannot give.
 * 4. Words get the speaker of the segment owning their midpoint (see {@link assignSpeakers}),
 *    short flips are smoothed, and speakers are numbered 0, 1, ... by first appearance.
 *
 * Pure: no I/O; long work yields through `checkpoint` so an abort can stop it.
 */
import type { Word } from '@summy/core';
import { averageLinkage, cosineDistanceMatrix, cosineDistance, cutDendrogram } from './cluster.ts';
import {
  extractEmbeddings,
  supervector,
  type DiagonalGmm,
  type EmbeddingOptions,
} from './embeddings.ts';
import type { SpeechRegion } from './vad.ts';

/** Tuning of {@link diarize}. The defaults were tuned on the recordings in testdata. */
export interface DiarizationOptions extends EmbeddingOptions {
  /** Clusters after the AHC cut, before statistics-based merging; default 20. */
  maxInitialClusters?: number;
  /** Segments clustered by AHC at most; the rest join the nearest centroid; default 1,500. */
  maxClusteredSegments?: number;
  /**
   * Pairs differing less than this (statistic per degree of freedom) merge; default 12, the
   * middle of the range that was right on testdata (the pyannote sample has 2 speakers for
   * 10 to 15, 3 below and 1 above; every single-speaker file has 1 from 9 up).
   */
  mergeThreshold?: number;
  /**
   * Speech (s) above which the merge threshold grows in proportion to the harmonic mean of
   * the two clusters' speech; default 10. The statistic grows with the amount of speech even
   * for one voice (what is said, loudness and room drift over minutes), so large clusters are
   * compared on how much they differ rather than on how surely.
   */
  mergeReferenceS?: number;
  /** A speaker needs at least this much speech (s); smaller clusters merge; default 3. */
  minSpeakerS?: number;
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

interface Cluster {
  n: Float64Array;
  f: Float64Array;
  speechS: number;
  members: number[];
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
  const embeddings = await extractEmbeddings(pcm, regions, {
    components: 8,
    ...options,
  });
  const { segments, chunks, ubm } = embeddings;
  const n = segments.length;
  if (n === 0) return { segments: [], speakerCount: 0 };
  const checkpoint = options.checkpoint ?? (async () => {});

  // AHC on at most `maxClusteredSegments` evenly spaced segments (memory and time grow with the
  // square); the others join the nearest centroid afterwards.
  const limit = options.maxClusteredSegments ?? 1500;
  const picked =
    n <= limit
      ? segments.map((_, i) => i)
      : Array.from({ length: limit }, (_, i) => Math.floor((i * n) / limit));
  const merges = averageLinkage(
    cosineDistanceMatrix(picked.map((i) => segments[i]!.vector)),
    picked.length,
  );
  const initial = cutDendrogram(merges, picked.length, {
    k: Math.min(picked.length, options.maxInitialClusters ?? 20),
  });
  await checkpoint();
  const labels = new Int32Array(n).fill(-1);
  picked.forEach((segment, i) => (labels[segment] = initial[i]!));
  if (picked.length < n) {
    const k = Math.max(...initial) + 1;
    const dim = segments[0]!.vector.length;
    const centroids = Array.from({ length: k }, () => new Float64Array(dim));
    picked.forEach((segment, i) => {
      const v = segments[segment]!.vector;
      const c = centroids[initial[i]!]!;
      for (let j = 0; j < dim; j++) c[j]! += v[j]!;
    });
    for (let s = 0; s < n; s++) {
      if (labels[s]! >= 0) continue;
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < k; c++) {
        const dist = cosineDistance(segments[s]!.vector, centroids[c]!);
        if (dist < bestD) {
          bestD = dist;
          best = c;
        }
      }
      labels[s] = best;
    }
  }

  const m = ubm.weights.length;
  const d = ubm.means.length / m;
  const k0 = Math.max(...labels) + 1;
  let clusters: Cluster[] = Array.from({ length: k0 }, () => ({
    n: new Float64Array(m),
    f: new Float64Array(m * d),
    speechS: 0,
    members: [],
  }));
  segments.forEach((segment, s) => {
    const cluster = clusters[labels[s]!]!;
    cluster.members.push(s);
    for (let j = segment.chunks[0]; j < segment.chunks[1]; j++) {
      const chunk = chunks[j]!;
      for (let c = 0; c < m; c++) cluster.n[c]! += chunk.n[c]!;
      for (let i = 0; i < m * d; i++) cluster.f[i]! += chunk.f[i]!;
      cluster.speechS += chunk.end - chunk.start;
    }
  });
  clusters = clusters.filter((c) => c.members.length > 0);
  clusters = mergeClusters(clusters, ubm, {
    threshold: options.mergeThreshold ?? 12,
    referenceS: options.mergeReferenceS ?? 10,
    minSpeakerS: options.minSpeakerS ?? 3,
    relevance: embeddings.relevance,
  });
  await checkpoint();

  const speakerOf = new Int32Array(n);
  clusters.forEach((cluster, c) => cluster.members.forEach((s) => (speakerOf[s] = c)));
  const spans: SpeakerSegment[] = segments.map((segment, s) => ({
    start: segment.coreStart,
    end: segment.coreEnd,
    speaker: speakerOf[s]!,
  }));
  return renumber(joinSpans(spans));
}

/**
 * How much the per-component means of two clusters differ: the sum over components seen at
 * least 3 frames in both, and over coefficients, of the squared difference of the means divided
 * by its variance under "same speaker" (UBM variance times 1/n_a + 1/n_b), per degree of
 * freedom. About 1 for independent frames of one voice; consecutive frames are correlated, so
 * one voice gives more (1 to 7 in our recordings). Infinity when no component has enough
 * frames in both: the clusters sound nothing alike (e.g. two recordings with different
 * microphones).
 */
export function clusterDifference(
  ubm: DiagonalGmm,
  a: { n: ArrayLike<number>; f: ArrayLike<number> },
  b: { n: ArrayLike<number>; f: ArrayLike<number> },
): number {
  const m = ubm.weights.length;
  const d = ubm.means.length / m;
  let sum = 0;
  let dof = 0;
  for (let c = 0; c < m; c++) {
    const na = a.n[c]!;
    const nb = b.n[c]!;
    if (na < 3 || nb < 3) continue;
    dof += d;
    const scale = 1 / na + 1 / nb;
    for (let k = 0; k < d; k++) {
      const diff = a.f[c * d + k]! / na - b.f[c * d + k]! / nb;
      sum += (diff * diff) / (ubm.variances[c * d + k]! * scale);
    }
  }
  return dof === 0 ? Infinity : sum / dof;
}

/** Greedy merging of clusters by {@link clusterDifference} (step 3 of the module comment). */
function mergeClusters(
  clusters: Cluster[],
  ubm: DiagonalGmm,
  options: { threshold: number; referenceS: number; minSpeakerS: number; relevance: number },
): Cluster[] {
  const list = [...clusters];
  // Scaled statistic: see DiarizationOptions.mergeReferenceS.
  const difference = (a: Cluster, b: Cluster) => {
    const harmonic = (2 * a.speechS * b.speechS) / (a.speechS + b.speechS);
    return clusterDifference(ubm, a, b) / Math.max(1, harmonic / options.referenceS);
  };
  while (list.length > 1) {
    const smallest = list.reduce((best, c, i) => (c.speechS < list[best]!.speechS ? i : best), 0);
    let pair: [number, number] | null = null;
    let bestT = Infinity;
    if (list[smallest]!.speechS < options.minSpeakerS) {
      // Too little speech to be a speaker: it joins the most similar cluster, by the statistic
      // or, when it shares no component with any, by the cosine of the MAP supervectors.
      let bestCos = Infinity;
      const own = supervector(ubm, options.relevance, [list[smallest]!]);
      for (let j = 0; j < list.length; j++) {
        if (j === smallest) continue;
        const t = difference(list[smallest]!, list[j]!);
        const cos = cosineDistance(own, supervector(ubm, options.relevance, [list[j]!]));
        if (t < bestT || (t === Infinity && bestT === Infinity && cos < bestCos)) {
          bestT = t;
          bestCos = cos;
          pair = [smallest, j];
        }
      }
    } else {
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length; j++) {
          const t = difference(list[i]!, list[j]!);
          if (t < bestT) {
            bestT = t;
            pair = [i, j];
          }
        }
      }
      if (!pair || bestT >= options.threshold) break;
    }
    if (!pair) break;
    const [keep, drop] = [Math.min(...pair), Math.max(...pair)];
    const a = list[keep]!;
    const b = list[drop]!;
    for (let i = 0; i < a.n.length; i++) a.n[i]! += b.n[i]!;
    for (let i = 0; i < a.f.length; i++) a.f[i]! += b.f[i]!;
    a.speechS += b.speechS;
    a.members.push(...b.members);
    list.splice(drop, 1);
  }
  return list;
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
