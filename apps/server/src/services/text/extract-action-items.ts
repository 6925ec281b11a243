import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACTION_ITEM_CHUNK,
  actionItemSuggestionSchema,
  chunkTranscript,
  mergeActionItems,
  type ActionItemSuggestion,
} from '@summy/core';
import { TextGenerationError, type TextModel } from '../../providers/llm/types.ts';
import { log as serverLog } from '../../log.ts';

/** Knobs of the extraction; the defaults are the documented. */
export interface ExtractActionItemsOptions {
  signal?: AbortSignal;
  /** Waits between chunks (default: a 300 ms timer); tests pass their own. */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where skipped chunks are reported (default console.warn). */
  log?: (message: string) => void;
}

const defaultPause = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal });

// Keeps only well-formed suggestions (a model may answer an item without a title).
function valid(items: ActionItemSuggestion[]): ActionItemSuggestion[] {
  return items.flatMap((item) => {
    const parsed = actionItemSuggestionSchema.safeParse(item);
    return parsed.success && parsed.data.title.trim() ? [parsed.data] : [];
  });
}

/**
 * Action items of a transcript: one pass over the whole transcript first; only when it finds none,
 * the transcript is cut into chunks of 8000 characters (near a sentence or line end after 60%),
 * read one by one with a 300 ms pause between chunks, a failed chunk skipped while the rest
 * continue, and duplicates merged by case-insensitive title keeping the higher confidence.
 *
 * A single pass that fails counts as finding none (a long transcript is the usual cause), except
 * for a rejected key or a rate limit, which chunking cannot help. A transcript that fits in one
 * chunk is not read twice.
 * @throws TextGenerationError 'Action item extraction failed' when the single pass fails and there
 *   is nothing to chunk, when it is rejected (401) or rate-limited (429), or when every chunk fails
 */
export async function extractActionItems(
  model: TextModel,
  transcript: string,
  options: ExtractActionItemsOptions = {},
): Promise<ActionItemSuggestion[]> {
  const {
    signal,
    pause = defaultPause,
    log = (m) => serverLog.warn(`[action-items] ${m}`),
  } = options;
  if (!transcript.trim()) return [];

  let singlePassError: TextGenerationError | undefined;
  try {
    const items = valid(await model.extractActionItems(transcript, signal));
    if (items.length) return mergeActionItems(items);
  } catch (err) {
    if (!(err instanceof TextGenerationError)) throw err;
    if (err.status === 401 || err.status === 429) throw err;
    singlePassError = err;
  }

  const chunks = chunkTranscript(transcript, ACTION_ITEM_CHUNK.size);
  if (chunks.length <= 1) {
    if (singlePassError) throw singlePassError;
    return [];
  }
  const found: ActionItemSuggestion[] = [];
  let lastError: TextGenerationError | undefined;
  let failed = 0;
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) await pause(ACTION_ITEM_CHUNK.pauseMs, signal);
    try {
      found.push(...valid(await model.extractActionItems(chunk, signal)));
    } catch (err) {
      if (!(err instanceof TextGenerationError)) throw err;
      failed += 1;
      lastError = err;
      log(`chunk ${i + 1} of ${chunks.length} failed (${err.details}); skipped`);
    }
  }
  if (failed === chunks.length && lastError) throw lastError;
  return mergeActionItems(found);
}
