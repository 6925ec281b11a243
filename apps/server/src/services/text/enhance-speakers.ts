import { parseTranscript } from '../../providers/llm/transcript.ts';
import { TextGenerationError, type TextModel } from '../../providers/llm/types.ts';

/**
 * The transcript with speaker names in place of generic labels where the conversation makes them
 * evident, in the same paragraph format. The pipeline keeps the original transcript when
 * this throws.
 * @throws TextGenerationError 'Speaker enhancement failed' / 'No enhanced transcript returned'
 */
export async function enhanceSpeakers(
  model: TextModel,
  transcript: string,
  signal?: AbortSignal,
): Promise<string> {
  const enhanced = await model.enhanceSpeakers(transcript, signal);
  if (!enhanced.trim() || parseTranscript(enhanced).length === 0) {
    throw new TextGenerationError('speakers', 'empty', 'The enhanced transcript was empty');
  }
  return enhanced;
}
