/**
 * With a text-embedding model installed, a meeting's search passages are embedded in the
 * background right after the `search.index` job rebuilds them, so the first question about a long
 * meeting does not wait for hundreds of passages to be embedded; a question still embeds any
 * passage left without a vector (rerank-passages.ts). Decision 052 (docs/decisions/052-embedding-rerank.md).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { meetingPassages, meetings, passageEmbeddings, type Database } from '@summy/db';
import type { AppDeps } from '../../deps.ts';
import { log } from '../../log.ts';
import { localTextEmbedder, type TextEmbedder } from '../../providers/llm/local/provider.ts';
import { passageVectors } from './rerank-passages.ts';

/**
 * Passages embedded per run at most: with the small embedding model on two cores about a minute of
 * work; what is left waits for the next run or the next question.
 */
export const BACKGROUND_EMBED_LIMIT = 2000;

/**
 * Embeds the user's passages that have no vector of `embedder`'s model yet, those of the most
 * recently written meetings first, at most `limit`, and keeps the vectors.
 * @returns how many passages were embedded
 * @throws LocalLlmError when the model fails or `signal` aborts (vectors kept so far stay)
 */
export async function embedMissingPassages(
  db: Database,
  embedder: TextEmbedder,
  userId: string,
  { limit = BACKGROUND_EMBED_LIMIT, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const missing = await db
    .select({ passageId: meetingPassages.id, text: meetingPassages.content })
    .from(meetingPassages)
    .innerJoin(meetings, eq(meetings.id, meetingPassages.meetingId))
    .leftJoin(
      passageEmbeddings,
      and(
        eq(passageEmbeddings.passageId, meetingPassages.id),
        eq(passageEmbeddings.model, embedder.model),
      ),
    )
    .where(and(eq(meetingPassages.userId, userId), isNull(passageEmbeddings.passageId)))
    .orderBy(desc(meetings.updatedAt), meetingPassages.section, meetingPassages.position)
    .limit(limit);
  if (missing.length === 0) return 0;
  await passageVectors(db, embedder, missing, signal);
  return missing.length;
}

/**
 * Embeds the user's passages still without vectors when an embedding model is installed; a model
 * that fails is logged and left to the chat, which falls back to full-text search.
 * @returns how many passages were embedded (0 without a model or on failure)
 */
export async function embedPassagesInBackground(
  deps: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
  signal: AbortSignal,
): Promise<number> {
  const embedder = localTextEmbedder(deps.env);
  if (!embedder) return 0;
  try {
    return await embedMissingPassages(deps.database.db, embedder, userId, { signal });
  } catch (err) {
    if (!signal.aborted) log.warn({ err }, '[search] embedding passages failed');
    return 0;
  }
}
