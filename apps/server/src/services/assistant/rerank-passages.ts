/**
 * Retrieval that finds paraphrases, when a local text-embedding model is installed: the full-text
 * candidates, plus the passages of the picked meetings closest to the question by embedding alone,
 * ordered by reciprocal rank fusion of the two rankings (RRF, Cormack, Clarke and Büttcher, SIGIR
 * 2009, with the paper's k = 60: nothing here is fitted to Summy's meetings). PGlite ships no
 * pgvector, so similarities are computed here from vectors kept in `passage_embeddings`, each
 * passage embedded once, the first time a question needs it (docs/decisions/052-embedding-rerank.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { meetingPassages, passageEmbeddings, type Database } from '@summy/db';
import type { ChatSection } from '@summy/core';
import type { TextEmbedder } from '../../providers/llm/local/provider.ts';
import {
  passageColumns,
  scopeOwners,
  type FoundPassage,
  type SearchScope,
} from './search-passages.ts';

/** RRF's k: a passage's score is the sum of 1 / (k + its rank) over the rankings it is in. */
export const RRF_K = 60;
/** Passages sent to the model per call. */
const EMBED_BATCH = 32;
/**
 * Characters of a passage that are embedded: about 400 tokens, within the 512 of BERT-class
 * embedding models (a passage holds up to 4,000 characters; its opening stands for it).
 */
export const EMBED_CHARS = 1500;
/** Picked meetings whose every passage is scored by embedding; over more, only the candidates. */
export const EMBEDDING_SCAN_MEETINGS = 5;
/** At most this many passages of the picked meetings are scored by embedding alone. */
export const EMBEDDING_SCAN_LIMIT = 3000;
/** Passages found by embedding alone that join the full-text candidates. */
export const EMBEDDING_CANDIDATES = 20;

/** A passage the reranking can embed: a found passage with its row id. */
export type RankablePassage = FoundPassage & { passageId: string };

/** `v` scaled to length 1 (a zero vector stays zero), so a dot product is the cosine. */
export function normalise(v: readonly number[]): number[] {
  const length = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return length > 0 ? v.map((x) => x / length) : v.map(() => 0);
}

/** The dot product of two vectors of the same length. */
export function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/**
 * The normalised vectors of the passages by the embedder's model: those kept, and those missing
 * computed in batches and kept.
 * @throws LocalLlmError when the model fails or the signal aborts (the batches done stay kept)
 */
export async function passageVectors(
  db: Database,
  embedder: TextEmbedder,
  passages: readonly { passageId: string; text: string }[],
  signal?: AbortSignal,
): Promise<Map<string, number[]>> {
  const vectors = new Map<string, number[]>();
  const ids = [...new Set(passages.map((p) => p.passageId))];
  for (let at = 0; at < ids.length; at += 1000) {
    const rows = await db
      .select({ passageId: passageEmbeddings.passageId, vector: passageEmbeddings.vector })
      .from(passageEmbeddings)
      .where(
        and(
          eq(passageEmbeddings.model, embedder.model),
          inArray(passageEmbeddings.passageId, ids.slice(at, at + 1000)),
        ),
      );
    for (const r of rows) vectors.set(r.passageId, r.vector);
  }
  const seen = new Set<string>();
  const missing = passages.filter((p) => {
    if (vectors.has(p.passageId) || seen.has(p.passageId)) return false;
    seen.add(p.passageId);
    return true;
  });
  for (let at = 0; at < missing.length; at += EMBED_BATCH) {
    const batch = missing.slice(at, at + EMBED_BATCH);
    const embedded = await embedder.embed(
      batch.map((p) => p.text.slice(0, EMBED_CHARS)),
      signal,
    );
    const rows = batch.map((p, i) => ({
      passageId: p.passageId,
      model: embedder.model,
      vector: normalise(embedded[i]!),
    }));
    for (const row of rows) vectors.set(row.passageId, row.vector);
    // A passage rebuilt meanwhile is gone and its vector not kept: the answer still uses it.
    await db
      .insert(passageEmbeddings)
      .values(rows)
      .onConflictDoNothing()
      .catch((err: unknown) => {
        if (!isForeignKeyViolation(err)) throw err;
      });
  }
  return vectors;
}

/** PostgreSQL's foreign_key_violation (SQLSTATE 23503), from either driver. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** The passages of the meetings (the owners'), at most {@link EMBEDDING_SCAN_LIMIT}. */
async function meetingsPassages(
  db: Database,
  owners: readonly string[],
  meetingIds: readonly string[],
): Promise<RankablePassage[]> {
  const rows = await db
    .select(passageColumns)
    .from(meetingPassages)
    .where(
      and(
        inArray(meetingPassages.userId, [...owners]),
        inArray(meetingPassages.meetingId, [...meetingIds]),
      ),
    )
    .orderBy(meetingPassages.meetingId, meetingPassages.section, meetingPassages.position)
    .limit(EMBEDDING_SCAN_LIMIT);
  return rows.map((r) => ({ ...r, section: r.section as ChatSection, rank: 0 }));
}

/**
 * Reranks the full-text candidates (best first) with the embedder: over up to
 * {@link EMBEDDING_SCAN_MEETINGS} picked meetings, their passages closest to the question join the
 * candidates; every candidate is then ordered by RRF of its full-text rank and its similarity
 * rank. `rank` becomes the fused score.
 * @throws LocalLlmError when the model fails or the signal aborts
 */
export async function rerankPassages(
  db: Database,
  embedder: TextEmbedder,
  scope: SearchScope,
  question: string,
  fullText: readonly RankablePassage[],
  signal?: AbortSignal,
): Promise<RankablePassage[]> {
  const ids = scope.meetingIds;
  const scanned =
    ids && ids.length > 0 && ids.length <= EMBEDDING_SCAN_MEETINGS
      ? await meetingsPassages(db, scopeOwners(scope), ids)
      : [];
  const pool = new Map<string, RankablePassage>();
  for (const p of [...fullText, ...scanned]) if (!pool.has(p.passageId)) pool.set(p.passageId, p);
  if (pool.size === 0) return [];
  const [asked] = await embedder.embed([question.slice(0, EMBED_CHARS)], signal);
  const questionVector = normalise(asked!);
  const vectors = await passageVectors(db, embedder, [...pool.values()], signal);
  const similarity = (p: RankablePassage) => dot(questionVector, vectors.get(p.passageId)!);

  const closest = [...scanned]
    .sort((a, b) => similarity(b) - similarity(a))
    .slice(0, EMBEDDING_CANDIDATES);
  return fuseRankings(fullText, closest, similarity);
}

/**
 * Reciprocal rank fusion: the full-text candidates (best first) and the passages found by
 * embedding alone, each scored 1 / (k + full-text rank) + 1 / (k + similarity rank among all
 * candidates), a passage outside the full-text list getting only the second term; best first, ties
 * by passage id. `rank` becomes the score.
 */
export function fuseRankings(
  fullText: readonly RankablePassage[],
  closest: readonly RankablePassage[],
  similarity: (p: RankablePassage) => number,
): RankablePassage[] {
  const candidates = new Map<string, RankablePassage>();
  for (const p of [...fullText, ...closest]) {
    if (!candidates.has(p.passageId)) candidates.set(p.passageId, p);
  }
  const fullTextRank = new Map(fullText.map((p, i) => [p.passageId, i + 1]));
  const similarityRank = new Map(
    [...candidates.values()]
      .sort((a, b) => similarity(b) - similarity(a))
      .map((p, i) => [p.passageId, i + 1]),
  );
  const fused = (p: RankablePassage) => {
    const text = fullTextRank.get(p.passageId);
    return (text ? 1 / (RRF_K + text) : 0) + 1 / (RRF_K + similarityRank.get(p.passageId)!);
  };
  return [...candidates.values()]
    .map((p) => ({ ...p, rank: fused(p) }))
    .sort((a, b) => b.rank - a.rank || a.passageId.localeCompare(b.passageId));
}
