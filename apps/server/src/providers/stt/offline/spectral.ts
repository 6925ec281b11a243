/**
 * Spectral clustering that estimates the number of clusters from the data: NME-SC, the
 * auto-tuning spectral clustering of Park, Han, Kumar and Narayanan, "Auto-Tuning Spectral
 * Clustering for Speaker Diarization Using Normalized Maximum Eigengap", IEEE Signal Processing
 * Letters 27 (2020), arXiv:2003.02405.
 *
 * The cosine affinity matrix is pruned row by row to its `p` largest entries (binarised, then
 * symmetrised); the number of speakers is the position of the largest gap between consecutive
 * eigenvalues of the graph Laplacian, and `p` itself is chosen per recording as the one whose
 * largest gap, relative to the largest eigenvalue, is widest for the least pruning (the ratio
 * p / g_p is smallest). Nothing is tuned on labelled data: the only constants are the search
 * range of `p` and the speaker cap.
 *
 * With few items (a short recording) the eigengap says little, and a single speaker has no gap
 * to find at all; so the count is estimated with anchors, NeMo's "enhanced speaker count": a few
 * synthetic speakers, far from the data and from each other, join the items, and the count
 * found minus the anchors is the estimate (the mode over a few seeded draws, so the same input
 * always gives the same count). One real speaker then shows as one more cluster beside the
 * anchors. Pure: no I/O.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { kMeans, renumber } from './kmeans.ts';

/** Tuning of {@link spectralCluster}. */
export interface SpectralOptions {
  /** Most clusters (speakers) that can come out; default 8. */
  maxClusters?: number;
  /**
   * Largest `p` tried, as a fraction of the items; default 0.25 (NeMo's `max_rp_threshold`;
   * beyond that the pruned graph joins different speakers).
   */
  maxPruneFraction?: number;
  /** How many values of `p` are tried, evenly spaced from the smallest connected one; default 20. */
  pSteps?: number;
  /** Synthetic anchor speakers and items per anchor for the count; default 3 and 10 (NeMo). */
  anchors?: number;
  anchorItems?: number;
  /**
   * The count is estimated on at most this many evenly spaced items; default 80 (NeMo's
   * `enhanced_count_thres`, below which it counts with anchors): with hundreds of items, ten
   * per anchor no longer make a cluster the pruned graph keeps apart, and the plain eigengap
   * over-counted our recordings.
   */
  countItems?: number;
  /** Seeded draws of the anchors; the count is their mode; default 5 (NeMo). */
  anchorDraws?: number;
}

/** What {@link spectralCluster} found. */
export interface SpectralResult {
  /** Cluster of each item, 0-based, numbered by first appearance. */
  labels: Int32Array;
  /** Number of clusters (1 when the largest eigengap is the first). */
  k: number;
  /** Neighbours kept per row in the chosen affinity graph. */
  p: number;
}

/**
 * Cosine similarity (-1..1) of every pair of `vectors` as an n x n row-major matrix; 0 for a
 * zero vector. Pairs for which `exclude(i, j)` holds get -Infinity: never neighbours.
 */
export function cosineSimilarityMatrix(
  vectors: ArrayLike<number>[],
  exclude: (i: number, j: number) => boolean = () => false,
): Float64Array {
  const n = vectors.length;
  const norms = vectors.map((v) => {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
    return Math.sqrt(s);
  });
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const vi = vectors[i]!;
    for (let j = i; j < n; j++) {
      const vj = vectors[j]!;
      let dot = 0;
      for (let k = 0; k < vi.length; k++) dot += vi[k]! * vj[k]!;
      const denom = norms[i]! * norms[j]!;
      const value = i !== j && exclude(i, j) ? -Infinity : denom === 0 ? 0 : dot / denom;
      out[i * n + j] = value;
      out[j * n + i] = value;
    }
  }
  return out;
}

/**
 * The p-neighbour binarised affinity of NME-SC: in each row the `p` largest off-diagonal
 * similarities become 1 and the rest 0, then the matrix is symmetrised as (A + A^T) / 2.
 * Excluded pairs (-Infinity) are never kept.
 */
export function pruneAffinity(similarity: Float64Array, n: number, p: number): Float64Array {
  const out = new Float64Array(n * n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) order[j] = j;
    const row = similarity.subarray(i * n, (i + 1) * n);
    const sorted = Array.from(order)
      .filter((j) => j !== i && row[j] !== -Infinity)
      .sort((a, b) => row[b]! - row[a]! || a - b);
    for (let r = 0; r < Math.min(p, sorted.length); r++) {
      const j = sorted[r]!;
      out[i * n + j]! += 0.5;
      out[j * n + i]! += 0.5;
    }
  }
  return out;
}

/** Whether every item of a symmetric affinity graph reaches every other (breadth-first). */
export function isConnected(affinity: Float64Array, n: number): boolean {
  const seen = new Uint8Array(n);
  const queue = [0];
  seen[0] = 1;
  let reached = 1;
  while (queue.length > 0) {
    const i = queue.pop()!;
    for (let j = 0; j < n; j++) {
      if (seen[j] || affinity[i * n + j] === 0) continue;
      seen[j] = 1;
      reached++;
      queue.push(j);
    }
  }
  return reached === n;
}

/**
 * Symmetric normalised graph Laplacian I - D^-1/2 A D^-1/2 of a symmetric affinity (diagonal
 * ignored; an isolated item keeps a 1 on the diagonal). Its eigenvalues lie in [0, 2] with the
 * bulk near 1 whatever `p`, so a gap left by clusters stands out from the bulk's own spread,
 * which in the unnormalised D - A grows with `p` and can hide it.
 */
export function laplacian(affinity: Float64Array, n: number): Matrix {
  const scale = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let degree = 0;
    for (let j = 0; j < n; j++) if (i !== j) degree += affinity[i * n + j]!;
    scale[i] = degree > 0 ? 1 / Math.sqrt(degree) : 0;
  }
  const l = new Matrix(n, n);
  for (let i = 0; i < n; i++) {
    l.set(i, i, 1);
    for (let j = 0; j < n; j++)
      if (i !== j) l.set(i, j, -affinity[i * n + j]! * scale[i]! * scale[j]!);
  }
  return l;
}

/**
 * Eigen-decomposition of a symmetric matrix, eigenvalues ascending (ml-matrix's Householder
 * tridiagonalisation and QL, as in JAMA).
 * @returns `values` ascending and `vectors`, column `i` the unit eigenvector of `values[i]`
 */
export function symmetricEigen(m: Matrix): { values: number[]; vectors: Matrix } {
  const evd = new EigenvalueDecomposition(m, { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const vectors = evd.eigenvectorMatrix;
  return {
    values: order.map((i) => values[i]!),
    vectors: new Matrix(order.map((i) => vectors.getColumn(i))).transpose(),
  };
}

/**
 * The eigengap estimate of the number of clusters: the position of the largest gap between
 * consecutive ascending eigenvalues among the first `maxClusters + 1`, and that gap divided by
 * the largest eigenvalue (NME-SC's g_p).
 */
export function eigengap(values: number[], maxClusters: number): { k: number; g: number } {
  let k = 1;
  let best = -Infinity;
  for (let i = 0; i < Math.min(maxClusters, values.length - 1); i++) {
    const gap = values[i + 1]! - values[i]!;
    if (gap > best) {
      best = gap;
      k = i + 1;
    }
  }
  const largest = values[values.length - 1]!;
  return { k, g: best / (largest + 1e-10) };
}

/**
 * NME-SC's choice of `p` (module comment) and the eigengap count for it.
 * @returns `p` 0 and `k` 1 for fewer than 3 items
 */
export function nmeAnalysis(
  similarity: Float64Array,
  n: number,
  options: SpectralOptions = {},
): { p: number; k: number; values: number[]; vectors: Matrix } {
  if (n < 3) return { p: 0, k: 1, values: [], vectors: new Matrix(n, 1) };
  const maxClusters = options.maxClusters ?? 8;
  // A graph that falls apart only because p is small has as many zero eigenvalues as pieces,
  // whatever the speakers: p starts where the pruned graph is connected (NeMo's
  // getMinimumConnection).
  let pMin = 1;
  while (pMin < n - 1 && !isConnected(pruneAffinity(similarity, n, pMin), n)) pMin++;
  const pMax = Math.max(pMin, Math.floor(n * (options.maxPruneFraction ?? 0.25)));
  const steps = Math.min(pMax - pMin + 1, options.pSteps ?? 20);
  const candidates = new Set(
    Array.from({ length: steps }, (_, i) =>
      Math.round(pMin + (steps === 1 ? 0 : (i * (pMax - pMin)) / (steps - 1))),
    ),
  );
  let chosen = { p: 0, k: 1, ratio: Infinity, values: [] as number[], vectors: new Matrix(n, 1) };
  for (const p of candidates) {
    const eigen = symmetricEigen(laplacian(pruneAffinity(similarity, n, p), n));
    const { k, g } = eigengap(eigen.values, maxClusters);
    const ratio = p / g;
    if (ratio < chosen.ratio) chosen = { p, k, ratio, ...eigen };
  }
  return chosen;
}

/** The mean of `vectors` (of `d` dimensions) and their standard deviation per dimension (1 where 0). */
function meanAndSpread(
  vectors: ArrayLike<number>[],
  d: number,
): { mean: Float64Array; spread: Float64Array } {
  const n = vectors.length;
  const mean = new Float64Array(d);
  const spread = new Float64Array(d);
  for (const v of vectors) for (let j = 0; j < d; j++) mean[j]! += v[j]! / n;
  for (const v of vectors) for (let j = 0; j < d; j++) spread[j]! += (v[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) spread[j] = Math.sqrt(spread[j]!) || 1;
  return { mean, spread };
}

/**
 * The number of speakers among `vectors` with anchors (module comment).
 * @param similarity their {@link cosineSimilarityMatrix}, exclusions included
 * @returns 1..maxClusters; 1 when no two vectors may be compared
 */
export function anchoredCount(
  vectors: ArrayLike<number>[],
  similarity: Float64Array,
  options: SpectralOptions = {},
): number {
  const n = vectors.length;
  // No two items that may be compared (e.g. a few overlapping segments of one short
  // utterance): no evidence of a second speaker.
  let comparable = false;
  for (let i = 0; i < n * n && !comparable; i++)
    comparable = i % (n + 1) !== 0 && similarity[i] !== -Infinity;
  if (!comparable) return 1;
  const anchors = options.anchors ?? 3;
  const perAnchor = options.anchorItems ?? 10;
  const d = vectors[0]!.length;
  // Anchors are drawn in units of the data's own spread per dimension, so they sit as far
  // from the data, relative to it, whatever the embedding's scale.
  const { mean, spread } = meanAndSpread(vectors, d);
  const counts = new Map<number, number>();
  for (let draw = 0; draw < (options.anchorDraws ?? 5); draw++) {
    const gauss = gaussianSource(draw + 1);
    const extra: Float64Array[] = [];
    for (let a = 0; a < anchors; a++) {
      const centre = Float64Array.from(mean, (m, j) => m + ANCHOR_DISTANCE * spread[j]! * gauss());
      for (let i = 0; i < perAnchor; i++)
        extra.push(Float64Array.from(centre, (c, j) => c + spread[j]! * gauss()));
    }
    const total = n + extra.length;
    const all = cosineSimilarityMatrix([...vectors, ...extra]);
    for (let i = 0; i < n; i++) all.set(similarity.subarray(i * n, (i + 1) * n), i * total);
    const { k } = nmeAnalysis(all, total, {
      ...options,
      maxClusters: (options.maxClusters ?? 8) + anchors,
    });
    const count = Math.max(1, k - anchors);
    counts.set(count, (counts.get(count) ?? 0) + 1);
  }
  // The most frequent count; ties go to the smaller.
  return [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]![0];
}

/** How far anchor centres lie from the data's mean, in the data's standard deviations. */
const ANCHOR_DISTANCE = 50;

/**
 * Clusters `vectors` by NME-SC: the count from {@link anchoredCount}, `p` from
 * {@link nmeAnalysis}, then k-means on the rows of the `k` eigenvectors of the smallest
 * Laplacian eigenvalues.
 * @param exclude pairs that must not count as neighbours (e.g. segments sharing audio)
 */
export function spectralCluster(
  vectors: ArrayLike<number>[],
  exclude: (i: number, j: number) => boolean = () => false,
  options: SpectralOptions = {},
): SpectralResult {
  const n = vectors.length;
  const similarity = cosineSimilarityMatrix(vectors, exclude);
  // The count from at most `countItems` evenly spaced items (all of a short recording).
  const countItems = Math.min(n, options.countItems ?? 80);
  const sample = Array.from({ length: countItems }, (_, i) => Math.floor((i * n) / countItems));
  const sampled = new Float64Array(countItems * countItems);
  sample.forEach((a, i) =>
    sample.forEach((b, j) => (sampled[i * countItems + j] = similarity[a * n + b]!)),
  );
  const several =
    anchoredCount(
      sample.map((i) => vectors[i]!),
      sampled,
      options,
    ) > 1;
  if (!several) return { labels: new Int32Array(n), k: 1, p: 0 };
  const { p, values, vectors: eigenvectors } = nmeAnalysis(similarity, n, options);
  const k = eigengapRatio(values, Math.min(n - 1, options.maxClusters ?? 8));
  const rows = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: k }, (_, j) => eigenvectors.get(i, j)),
  );
  const labels = renumber(kMeans(rows, k));
  return { labels, k: Math.max(...labels) + 1, p };
}

/**
 * The number of clusters, given that there are at least 2, as the largest ratio of consecutive
 * ascending Laplacian eigenvalues lambda_(k+1) / lambda_k for k in 2..maxClusters (the ratio
 * form of the eigengap, Wang et al., "Speaker Diarization with LSTM", ICASSP 2018). Unlike the
 * plain difference, it is not drawn to larger k by the eigenvalues' growth within speakers,
 * which a long recording's variety of sounds spreads out (one voice then reads as several).
 */
export function eigengapRatio(values: number[], maxClusters: number): number {
  let k = 2;
  let best = -Infinity;
  for (let i = 2; i <= Math.min(maxClusters, values.length - 1); i++) {
    const ratio = values[i]! / Math.max(values[i - 1]!, 1e-10);
    if (ratio > best) {
      best = ratio;
      k = i;
    }
  }
  return k;
}

/** Standard normal numbers from a seeded generator (mulberry32 and Box-Muller). */
function gaussianSource(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}
