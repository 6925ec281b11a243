import { Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import {
  cosineSimilarityMatrix,
  eigengap,
  eigengapRatio,
  isConnected,
  laplacian,
  pruneAffinity,
  spectralCluster,
  symmetricEigen,
} from './spectral.ts';
import { kMeans } from './kmeans.ts';

/** Deterministic pseudo-random numbers in [-1, 1) (a linear congruential generator). */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (2 * state) / 2147483648 - 1;
  };
}

/** `perGroup` points around each of `groups` random directions in 20 dimensions. */
function groupsOf(groups: number, perGroup: number, spread: number): number[][] {
  const next = noise(7);
  const centres = Array.from({ length: groups }, () => Array.from({ length: 20 }, next));
  return centres.flatMap((c) =>
    Array.from({ length: perGroup }, () => c.map((x) => x + spread * next())),
  );
}

describe('symmetricEigen', () => {
  it('gives ascending eigenvalues and unit eigenvectors of a symmetric matrix', () => {
    // [[2, 1], [1, 2]] has eigenvalues 1 and 3, eigenvectors (1, -1) and (1, 1) over sqrt(2).
    const { values, vectors } = symmetricEigen(
      new Matrix([
        [2, 1],
        [1, 2],
      ]),
    );
    expect(values[0]).toBeCloseTo(1, 10);
    expect(values[1]).toBeCloseTo(3, 10);
    expect(Math.abs(vectors.get(0, 0) + vectors.get(1, 0))).toBeLessThan(1e-10);
    expect(Math.abs(vectors.get(0, 1))).toBeCloseTo(Math.SQRT1_2, 10);
  });
});

describe('graph helpers', () => {
  it('keeps p neighbours per row, never an excluded pair, and finds the pieces', () => {
    const points = [
      [1, 0],
      [0.9, 0.1],
      [0, 1],
      [0.1, 0.9],
    ];
    const similarity = cosineSimilarityMatrix(points);
    const one = pruneAffinity(similarity, 4, 1);
    expect(one[0 * 4 + 1]).toBe(1);
    expect(one[0 * 4 + 2]).toBe(0);
    expect(isConnected(one, 4)).toBe(false);
    expect(isConnected(pruneAffinity(similarity, 4, 2), 4)).toBe(true);
    const excluded = cosineSimilarityMatrix(points, (i, j) => i + j === 1);
    expect(excluded[1]).toBe(-Infinity);
    expect(pruneAffinity(excluded, 4, 1)[0 * 4 + 1]).toBe(0);
    // Two separate pairs: the normalised Laplacian has two zero eigenvalues.
    const { values } = symmetricEigen(laplacian(one, 4));
    expect(values[0]).toBeCloseTo(0, 10);
    expect(values[1]).toBeCloseTo(0, 10);
    expect(eigengap(values, 3).k).toBe(2);
  });

  it('eigengapRatio picks the largest relative jump, not the largest difference', () => {
    // Differences: 0.05, 0.15, 0.10, 0.30 (largest at 4); ratios from k = 2: 4, 1.5, 2.
    const values = [0, 0.05, 0.2, 0.3, 0.6];
    expect(eigengap(values, 4).k).toBe(4);
    expect(eigengapRatio(values, 4)).toBe(2);
  });

  it('kMeans separates two clouds deterministically', () => {
    const rows = [
      [0, 0],
      [0.1, 0],
      [5, 5],
      [5.1, 5],
      [0, 0.1],
    ].map((r) => Float64Array.from(r));
    expect(Array.from(kMeans(rows, 2))).toEqual(Array.from(kMeans(rows, 2)));
    const labels = kMeans(rows, 2);
    expect(labels[0]).toBe(labels[1]);
    expect(labels[0]).toBe(labels[4]);
    expect(labels[2]).toBe(labels[3]);
    expect(labels[0]).not.toBe(labels[2]);
  });
});

describe('spectralCluster', () => {
  it.each([1, 2, 3, 4])('finds %i groups of noisy points and who is in which', (groups) => {
    const points = groupsOf(groups, 15, 0.6);
    const { labels, k } = spectralCluster(points);
    expect(k).toBe(groups);
    for (let g = 0; g < groups; g++) {
      const inGroup = new Set(Array.from(labels.subarray(g * 15, (g + 1) * 15)));
      expect(inGroup.size).toBe(1);
    }
  });

  it('gives one cluster when no two items may be compared', () => {
    const points = groupsOf(2, 2, 0.1);
    expect(spectralCluster(points, () => true).k).toBe(1);
  });
});
