import { cutTitle } from '@summy/core';
import { TextGenerationError, type TextModel } from '../../providers/llm/types.ts';

/**
 * A meeting title from the transcript, cut to 50 characters (spec 000 sections 4 and 5). The
 * pipeline uses 'Meeting' (`FALLBACK_TITLE`) when this throws.
 * @throws TextGenerationError 'Title generation failed' / 'No title generated'
 */
export async function generateTitle(
  model: TextModel,
  transcript: string,
  signal?: AbortSignal,
): Promise<string> {
  const title = cutTitle(await model.generateTitle(transcript, signal));
  if (!title) throw new TextGenerationError('title', 'empty', 'The generated title was empty');
  return title;
}
