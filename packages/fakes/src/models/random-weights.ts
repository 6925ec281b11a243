/** Fixed-seed random weights for the tiny test models (./tiny-models.ts, ./tiny-transducer.ts). */

/** `n` values from `random` times `scale`. */
export function weights(random: () => number, n: number, scale: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = random() * scale;
  return out;
}

/**
 * Random weights of unit variance from a seeded xorshift32 generator (Marsaglia 2003): uniform
 * in [-sqrt(3), sqrt(3)]. Any fixed sequence does for weights nobody trained.
 */
export function unitVariance(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return Math.sqrt(3) * (2 * (state / 4294967296) - 1);
  };
}
