/**
 * Speaker embeddings for Summy's own diarization, without a neural model: GMM-UBM MAP
 * supervectors of MFCC.
 *
 * The speech frames of the file (MFCC c1..cN, mean and variance normalised over the file, i.e.
 * CMVN) train a small diagonal Gaussian mixture, the universal background model (UBM). Each
 * sliding segment (default 2 s every 0.5 s) then moves the UBM means towards its own frames by
 * maximum a posteriori (MAP) adaptation; the embedding is the shift of every component's mean,
 * scaled by its standard deviation and the square root of its weight. Because each component
 * models one broad class of sounds, comparing per-component means compares how two segments
 * say similar sounds, which depends far more on the speaker than a plain average of MFCC
 * (dominated by which sounds were said). Pure: no I/O.
 */
import { MfccExtractor } from './mfcc.ts';
import type { SpeechRegion } from './vad.ts';

/** Tuning of {@link extractEmbeddings}. */
export interface EmbeddingOptions {
  /** Sample rate of the PCM (Hz); default 16,000. */
  sampleRate?: number;
  /** Segment length and step (s); default 2 and 0.5. */
  windowS?: number;
  hopS?: number;
  /** Regions shorter than this get no segment (s); default 0.5. */
  minSegmentS?: number;
  /** Cepstral coefficients per frame (c1..cN); default 19. */
  coefficients?: number;
  /**
   * Gaussian components of the UBM; default 16 (`diarize` uses 8, which separated the
   * pyannote speakers best on testdata).
   */
  components?: number;
  /**
   * MAP relevance factor: frames of evidence at which a segment's own data weigh as much as
   * the UBM; default 8.
   */
  relevance?: number;
  /** EM iterations; default 10. */
  iterations?: number;
  /** At most this many frames train the UBM (evenly spaced); default 40,000 (400 s). */
  maxTrainingFrames?: number;
  /** Called between chunks of work, so a caller can yield to the event loop or stop. */
  checkpoint?: () => Promise<void>;
}

/** A segment of speech and its embedding. */
export interface EmbeddedSegment {
  /** Span (s from the start of the audio). */
  start: number;
  end: number;
  /** The part of the span this segment speaks for when segments overlap (s). */
  coreStart: number;
  coreEnd: number;
  /** The chunks this segment owns, `[first, last)` indices into {@link SpeechEmbeddings.chunks}. */
  chunks: [number, number];
  /** The MAP supervector: components x coefficients values, component-major. */
  vector: Float32Array;
}

/** Zeroth- and first-order UBM statistics of a short stretch of speech (default 0.5 s). */
export interface StatsChunk {
  start: number;
  end: number;
  /** Per component: sum of posteriors (frames). */
  n: Float32Array;
  /** Per component and coefficient: posterior-weighted sum of the normalised MFCC. */
  f: Float32Array;
}

/** What {@link extractEmbeddings} returns. */
export interface SpeechEmbeddings {
  /** Overlapping segments in time order, with their embeddings. */
  segments: EmbeddedSegment[];
  /** Non-overlapping statistics chunks in time order; each owned by exactly one segment. */
  chunks: StatsChunk[];
  /** The UBM trained on this recording. */
  ubm: DiagonalGmm;
  /** The MAP relevance factor used for the vectors (frames). */
  relevance: number;
}

const FRAME_S = 0.01;

/**
 * Embeds the speech of `pcm` as overlapping segments inside `regions`.
 * @param pcm mono samples in [-1, 1]
 * @param regions speech regions (s), e.g. from the VAD
 * @returns segments and chunks in time order; none when there is too little speech (regions
 *   under `minSegmentS`)
 */
export async function extractEmbeddings(
  pcm: Float32Array,
  regions: SpeechRegion[],
  options: EmbeddingOptions = {},
): Promise<SpeechEmbeddings> {
  const sampleRate = options.sampleRate ?? 16_000;
  const checkpoint = options.checkpoint ?? (async () => {});
  const d = options.coefficients ?? 19;
  const window = Math.round((options.windowS ?? 2) / FRAME_S);
  const hop = Math.round((options.hopS ?? 0.5) / FRAME_S);
  const minFrames = Math.round((options.minSegmentS ?? 0.5) / FRAME_S);

  const blocks = await cepstraOf(pcm, regions, { sampleRate, d, minFrames, checkpoint });
  const totalFrames = blocks.reduce((sum, b) => sum + b.frames, 0);
  if (totalFrames === 0) {
    const empty = new Float64Array(0);
    const ubm = { weights: empty, means: empty, variances: empty, posteriors: () => {} };
    return { segments: [], chunks: [], ubm, relevance: 0 };
  }
  normalise(blocks, d, totalFrames);
  const training = trainingFrames(blocks, d, totalFrames, options.maxTrainingFrames ?? 40_000);
  const ubm = await trainDiagonalGmm(training, d, {
    components: Math.min(options.components ?? 16, Math.max(1, Math.floor(training.length / 50))),
    iterations: options.iterations ?? 10,
    checkpoint,
  });

  const relevance = options.relevance ?? 8;
  const posterior = new Float64Array(ubm.weights.length);
  const segments: EmbeddedSegment[] = [];
  const chunks: StatsChunk[] = [];
  const perWindow = Math.max(1, Math.round(window / hop));
  for (const b of blocks) {
    const first = chunks.length;
    const count = addChunkStats(b, ubm, d, hop, posterior, chunks);
    addSegments(chunks, first, count, perWindow, { ubm, relevance }, segments);
    await checkpoint();
  }
  return { segments, chunks, ubm, relevance };
}

/** The MFCC c1..cN frames of one speech region, `d` values a frame, frame-major. */
interface CepstraBlock {
  /** Start of the region (s). */
  start: number;
  frames: number;
  x: Float32Array;
}

// Static cepstra only: deltas describe how sounds change, which varies with what is said.
async function cepstraOf(
  pcm: Float32Array,
  regions: SpeechRegion[],
  o: { sampleRate: number; d: number; minFrames: number; checkpoint: () => Promise<void> },
): Promise<CepstraBlock[]> {
  const { sampleRate, d } = o;
  const mfcc = new MfccExtractor({ sampleRate, coefficients: d });
  const blocks: CepstraBlock[] = [];
  for (const region of regions) {
    const s0 = Math.max(0, Math.round(region.start * sampleRate));
    const s1 = Math.min(pcm.length, Math.round(region.end * sampleRate));
    const all = mfcc.compute(pcm, s0, s1);
    const frames = all.length / mfcc.dimension;
    if (frames < o.minFrames) continue;
    const x = new Float32Array(frames * d);
    for (let f = 0; f < frames; f++)
      x.set(all.subarray(f * mfcc.dimension, f * mfcc.dimension + d), f * d);
    blocks.push({ start: s0 / sampleRate, frames, x });
    await o.checkpoint();
  }
  return blocks;
}

// CMVN over all speech frames of the file: removes the channel (microphone, room) and scale.
function normalise(blocks: CepstraBlock[], d: number, totalFrames: number): void {
  const mean = new Float64Array(d);
  const variance = new Float64Array(d);
  for (const b of blocks) for (let i = 0; i < b.x.length; i++) mean[i % d]! += b.x[i]!;
  for (let k = 0; k < d; k++) mean[k]! /= totalFrames;
  for (const b of blocks)
    for (let i = 0; i < b.x.length; i++) variance[i % d]! += (b.x[i]! - mean[i % d]!) ** 2;
  for (let k = 0; k < d; k++) variance[k] = Math.sqrt(variance[k]! / totalFrames) || 1;
  for (const b of blocks)
    for (let i = 0; i < b.x.length; i++) b.x[i] = (b.x[i]! - mean[i % d]!) / variance[i % d]!;
}

// At most `maxFrames` frames, evenly spaced over all blocks, to train the UBM on.
function trainingFrames(
  blocks: CepstraBlock[],
  d: number,
  totalFrames: number,
  maxFrames: number,
): Float32Array[] {
  const training: Float32Array[] = [];
  const stride = Math.max(1, totalFrames / maxFrames);
  let next = 0;
  let index = 0;
  for (const b of blocks) {
    for (let f = 0; f < b.frames; f++, index++) {
      if (index >= next) {
        training.push(b.x.subarray(f * d, (f + 1) * d));
        next += stride;
      }
    }
  }
  return training;
}

// Zeroth- and first-order statistics per chunk of `hop` frames (the last chunk may be
// shorter), appended to `chunks`; a segment sums `perWindow` consecutive chunks, so overlapping
// segments share the posterior computation, and clusters can pool the statistics of their
// chunks. Answers how many chunks the block has.
function addChunkStats(
  b: CepstraBlock,
  ubm: DiagonalGmm,
  d: number,
  hop: number,
  posterior: Float64Array,
  chunks: StatsChunk[],
): number {
  const m = ubm.weights.length;
  const first = chunks.length;
  const count = Math.ceil(b.frames / hop);
  for (let j = 0; j < count; j++) {
    chunks.push({
      start: b.start + j * hop * FRAME_S,
      end: b.start + Math.min(b.frames, (j + 1) * hop) * FRAME_S,
      n: new Float32Array(m),
      f: new Float32Array(m * d),
    });
  }
  for (let f = 0; f < b.frames; f++) {
    const x = b.x.subarray(f * d, (f + 1) * d);
    ubm.posteriors(x, posterior);
    const chunk = chunks[first + Math.floor(f / hop)]!;
    for (let c = 0; c < m; c++) {
      const g = posterior[c]!;
      chunk.n[c]! += g;
      for (let k = 0; k < d; k++) chunk.f[c * d + k]! += g * x[k]!;
    }
  }
  return count;
}

// The segments of one block's `count` chunks (from `first`), appended to `segments`. Each chunk
// belongs to the segment it is most central in (the second of four chunks); the first and last
// segments also take the chunks at the region's edges.
function addSegments(
  chunks: StatsChunk[],
  first: number,
  count: number,
  perWindow: number,
  map: { ubm: DiagonalGmm; relevance: number },
  segments: EmbeddedSegment[],
): void {
  const groups = Math.max(1, count - perWindow + 1);
  const lead = Math.floor((perWindow - 1) / 2);
  for (let i = 0; i < groups; i++) {
    const c0 = first + i;
    const c1 = first + Math.min(count, i + perWindow);
    const own0 = i === 0 ? first : c0 + lead;
    const own1 = i === groups - 1 ? first + count : c0 + lead + 1;
    segments.push({
      start: chunks[c0]!.start,
      end: chunks[c1 - 1]!.end,
      coreStart: chunks[own0]!.start,
      coreEnd: chunks[own1 - 1]!.end,
      chunks: [own0, own1],
      vector: supervector(map.ubm, map.relevance, chunks.slice(c0, c1)),
    });
  }
}

/**
 * The MAP supervector of pooled statistics: per component, the adapted mean's shift from the
 * UBM mean in standard deviations, times the square root of the component's weight.
 */
export function supervector(
  ubm: DiagonalGmm,
  relevance: number,
  parts: { n: ArrayLike<number>; f: ArrayLike<number> }[],
): Float32Array {
  const m = ubm.weights.length;
  const d = ubm.means.length / m;
  const vector = new Float32Array(m * d);
  for (let c = 0; c < m; c++) {
    let count = 0;
    for (const p of parts) count += p.n[c]!;
    const scale = Math.sqrt(ubm.weights[c]!);
    for (let k = 0; k < d; k++) {
      let sum = 0;
      for (const p of parts) sum += p.f[c * d + k]!;
      const mu = ubm.means[c * d + k]!;
      const adapted = (sum + relevance * mu) / (count + relevance);
      vector[c * d + k] = (scale * (adapted - mu)) / Math.sqrt(ubm.variances[c * d + k]!);
    }
  }
  return vector;
}

/** A diagonal-covariance Gaussian mixture; `means`/`variances` are component-major. */
export interface DiagonalGmm {
  weights: Float64Array;
  means: Float64Array;
  variances: Float64Array;
  /** Writes the component posteriors of frame `x` into `out`. */
  posteriors(x: ArrayLike<number>, out: Float64Array): void;
}

/**
 * Trains a diagonal GMM by expectation-maximisation from evenly spaced initial means
 * (deterministic, so the same file always gives the same speakers).
 */
export async function trainDiagonalGmm(
  frames: ArrayLike<number>[],
  d: number,
  options: { components: number; iterations: number; checkpoint?: () => Promise<void> },
): Promise<DiagonalGmm> {
  const m = options.components;
  const weights = new Float64Array(m).fill(1 / m);
  const means = new Float64Array(m * d);
  const variances = new Float64Array(m * d).fill(1);
  for (let c = 0; c < m; c++) {
    const src = frames[Math.floor(((c + 0.5) * frames.length) / m)]!;
    for (let k = 0; k < d; k++) means[c * d + k] = src[k]!;
  }
  const logConst = new Float64Array(m);
  const refresh = () => {
    for (let c = 0; c < m; c++) {
      let s = Math.log(weights[c]!);
      for (let k = 0; k < d; k++) s -= 0.5 * Math.log(variances[c * d + k]!);
      logConst[c] = s;
    }
  };
  const posteriors = (x: ArrayLike<number>, out: Float64Array) => {
    let max = -Infinity;
    for (let c = 0; c < m; c++) {
      let ll = logConst[c]!;
      for (let k = 0; k < d; k++) {
        const z = x[k]! - means[c * d + k]!;
        ll -= (0.5 * z * z) / variances[c * d + k]!;
      }
      out[c] = ll;
      if (ll > max) max = ll;
    }
    let sum = 0;
    for (let c = 0; c < m; c++) {
      out[c] = Math.exp(out[c]! - max);
      sum += out[c]!;
    }
    for (let c = 0; c < m; c++) out[c]! /= sum;
  };
  refresh();
  const post = new Float64Array(m);
  for (let it = 0; it < options.iterations; it++) {
    const n = new Float64Array(m);
    const f1 = new Float64Array(m * d);
    const f2 = new Float64Array(m * d);
    for (const x of frames) {
      posteriors(x, post);
      for (let c = 0; c < m; c++) {
        const g = post[c]!;
        if (g < 1e-5) continue;
        n[c]! += g;
        for (let k = 0; k < d; k++) {
          f1[c * d + k]! += g * x[k]!;
          f2[c * d + k]! += g * x[k]! * x[k]!;
        }
      }
    }
    for (let c = 0; c < m; c++) {
      weights[c] = (n[c]! + 1e-3) / (frames.length + m * 1e-3);
      // A component that lost its frames keeps its last parameters rather than collapsing.
      if (n[c]! < 2) continue;
      for (let k = 0; k < d; k++) {
        const mu = f1[c * d + k]! / n[c]!;
        means[c * d + k] = mu;
        // Variance floor: CMVN makes every dimension unit variance, so 0.05 is 5% of it.
        variances[c * d + k] = Math.max(0.05, f2[c * d + k]! / n[c]! - mu * mu);
      }
    }
    refresh();
    await options.checkpoint?.();
  }
  return { weights, means, variances, posteriors };
}
