/**
 * Deterministic k-means for the final step of spectral clustering (./spectral.ts): the rows of
 * the smallest Laplacian eigenvectors are split into `k` groups. Kept apart from the eigengap
 * analysis because it knows nothing of graphs. Pure: no I/O.
 */

/**
 * Lloyd's k-means, deterministic: the first centre is the row farthest from the mean, each next
 * one the row farthest from the centres so far (farthest-point initialisation).
 * @returns the cluster of each row, 0..k-1 (some may end empty)
 */
export function kMeans(rows: Float64Array[], k: number, iterations = 100): Int32Array {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const dist = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let j = 0; j < d; j++) s += (a[j]! - b[j]!) ** 2;
    return s;
  };
  const mean = new Float64Array(d);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j]! += r[j]! / n;
  const centres: Float64Array[] = [];
  // Distance of each row to its nearest centre so far (to the mean before the first).
  const nearest = Float64Array.from(rows, (r) => dist(r, mean));
  for (let c = 0; c < k; c++) {
    let far = 0;
    for (let i = 1; i < n; i++) if (nearest[i]! > nearest[far]!) far = i;
    const centre = Float64Array.from(rows[far]!);
    centres.push(centre);
    for (let i = 0; i < n; i++) {
      const dc = dist(rows[i]!, centre);
      nearest[i] = c === 0 ? dc : Math.min(nearest[i]!, dc);
    }
  }
  const labels = new Int32Array(n).fill(-1);
  for (let it = 0; it < iterations; it++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      for (let c = 1; c < k; c++)
        if (dist(rows[i]!, centres[c]!) < dist(rows[i]!, centres[best]!)) best = c;
      if (labels[i] !== best) {
        labels[i] = best;
        moved = true;
      }
    }
    if (!moved) break;
    for (let c = 0; c < k; c++) centres[c] = centroid(rows, labels, c) ?? centres[c]!;
  }
  return labels;
}

/** The mean of the rows labelled `c`, or undefined when none is. */
function centroid(rows: Float64Array[], labels: Int32Array, c: number): Float64Array | undefined {
  const d = rows[0]?.length ?? 0;
  const sum = new Float64Array(d);
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    if (labels[i] !== c) continue;
    count++;
    for (let j = 0; j < d; j++) sum[j]! += rows[i]![j]!;
  }
  return count > 0 ? sum.map((v) => v / count) : undefined;
}

/**
 * Labels renumbered 0, 1, ... by first appearance (empty clusters vanish), so equal partitions
 * read the same whatever order k-means left its centres in.
 */
export function renumber(labels: Int32Array): Int32Array {
  const map = new Map<number, number>();
  return labels.map((l) => {
    if (!map.has(l)) map.set(l, map.size);
    return map.get(l)!;
  });
}
