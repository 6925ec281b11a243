/**
 * Agglomerative hierarchical clustering (AHC) of speaker embeddings with cosine distance and
 * average linkage, by the nearest-neighbour chain algorithm (O(n^2) time, one n x n Float32
 * matrix), plus the helpers that choose the number of clusters. Pure: no I/O.
 */

/** One merge of the dendrogram: clusters `a` and `b` joined at `distance`. */
export interface Merge {
  a: number;
  b: number;
  distance: number;
}

/** Cosine distance (1 - cosine similarity, 0..2) between two vectors; 1 when one is zero. */
export function cosineDistance(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    dot += x[i]! * y[i]!;
    nx += x[i]! * x[i]!;
    ny += y[i]! * y[i]!;
  }
  if (nx === 0 || ny === 0) return 1;
  return 1 - dot / Math.sqrt(nx * ny);
}

/** Pairwise cosine distances of `vectors` as a row-major n x n matrix. */
export function cosineDistanceMatrix(vectors: ArrayLike<number>[]): Float32Array {
  const n = vectors.length;
  const norms = vectors.map((v) => {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
    return Math.sqrt(s);
  });
  const d = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    const vi = vectors[i]!;
    for (let j = i + 1; j < n; j++) {
      const vj = vectors[j]!;
      let dot = 0;
      for (let k = 0; k < vi.length; k++) dot += vi[k]! * vj[k]!;
      const denom = norms[i]! * norms[j]!;
      const dist = denom === 0 ? 1 : 1 - dot / denom;
      d[i * n + j] = dist;
      d[j * n + i] = dist;
    }
  }
  return d;
}

/**
 * Average-linkage AHC of `n` items from their distance matrix (which is overwritten).
 * @returns the n - 1 merges in increasing distance; item indices are 0..n-1 and a merge's
 *   `a`/`b` are the smallest item index of each joined cluster
 */
export function averageLinkage(distances: Float32Array, n: number): Merge[] {
  const size = new Int32Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const merges: Merge[] = [];
  const chain: number[] = [];
  let remaining = n;
  while (remaining > 1) {
    if (chain.length === 0) chain.push(active.indexOf(1));
    const a = chain[chain.length - 1]!;
    const prev = chain.length > 1 ? chain[chain.length - 2]! : -1;
    // Nearest active neighbour of a; ties go to the previous chain element, which makes the
    // chain end in a reciprocal pair.
    let best = prev;
    let bestD = prev >= 0 ? distances[a * n + prev]! : Infinity;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === a) continue;
      const dk = distances[a * n + k]!;
      if (dk < bestD) {
        bestD = dk;
        best = k;
      }
    }
    if (best !== prev) {
      chain.push(best);
      continue;
    }
    chain.length -= 2;
    // Keep the merged cluster in the lower index; Lance-Williams update for average linkage.
    const [keep, drop] = a < prev ? [a, prev] : [prev, a];
    merges.push({ a: keep, b: drop, distance: bestD });
    const sk = size[keep]!;
    const sd = size[drop]!;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === keep || k === drop) continue;
      const v = (sk * distances[keep * n + k]! + sd * distances[drop * n + k]!) / (sk + sd);
      distances[keep * n + k] = v;
      distances[k * n + keep] = v;
    }
    size[keep] = sk + sd;
    active[drop] = 0;
    remaining -= 1;
  }
  return merges.sort((x, y) => x.distance - y.distance);
}

/**
 * Cluster labels after applying the merges up to `distance <= threshold`, or, with `k`, the
 * first `n - k` merges. Labels are 0-based in order of each cluster's first item.
 */
export function cutDendrogram(
  merges: Merge[],
  n: number,
  stop: { threshold: number } | { k: number },
): Int32Array {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const count = 'k' in stop ? Math.max(0, n - stop.k) : merges.length;
  for (let m = 0; m < count && m < merges.length; m++) {
    const merge = merges[m]!;
    if ('threshold' in stop && merge.distance > stop.threshold) break;
    const ra = find(merge.a);
    const rb = find(merge.b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  const labels = new Int32Array(n);
  const map = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    let label = map.get(root);
    if (label === undefined) {
      label = map.size;
      map.set(root, label);
    }
    labels[i] = label;
  }
  return labels;
}

/**
 * Mean silhouette of a labelling (-1..1) from a distance matrix (not the one `averageLinkage`
 * overwrote); 0 when there is a single cluster.
 */
export function silhouette(distances: Float32Array, n: number, labels: Int32Array): number {
  const k = Math.max(...labels) + 1;
  if (k < 2) return 0;
  const sizes = new Int32Array(k);
  for (const l of labels) sizes[l]! += 1;
  let total = 0;
  const sums = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    for (let j = 0; j < n; j++) if (j !== i) sums[labels[j]!]! += distances[i * n + j]!;
    const own = labels[i]!;
    if (sizes[own]! <= 1) continue;
    const a = sums[own]! / (sizes[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++)
      if (c !== own && sizes[c]! > 0) b = Math.min(b, sums[c]! / sizes[c]!);
    total += (b - a) / Math.max(a, b);
  }
  return total / n;
}
