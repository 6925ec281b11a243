/** Distance between speaker embeddings. Pure: no I/O. */

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
