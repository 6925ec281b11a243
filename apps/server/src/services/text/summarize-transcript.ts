import {
  TextGenerationError,
  type GeneratedSummary,
  type TextModel,
} from '../../providers/llm/types.ts';

/** What to summarize. */
export interface SummarizeInput {
  transcript: string;
  /** The meeting's current title, as context ('' when none). */
  meetingTitle?: string;
  /** Summary template (default 'general'). */
  template?: string;
}

/**
 * The markdown summary and topics of a transcript (the pipeline's summary step). Topics come back
 * trimmed, non-empty, confidence within 0..1.
 * @throws TextGenerationError 'Summary generation failed' / 'No summary returned'
 */
export async function summarizeTranscript(
  model: TextModel,
  input: SummarizeInput,
  signal?: AbortSignal,
): Promise<GeneratedSummary> {
  const result = await model.summarize(
    {
      transcript: input.transcript,
      meetingTitle: input.meetingTitle ?? '',
      template: input.template?.trim() || 'general',
    },
    signal,
  );
  const summary = result.summary.trim();
  if (!summary)
    throw new TextGenerationError('summary', 'empty', 'The generated summary was empty');
  return {
    summary,
    topics: result.topics
      .map((t) => ({
        topic: t.topic.trim(),
        confidence: Number.isFinite(t.confidence) ? Math.min(1, Math.max(0, t.confidence)) : 0,
      }))
      .filter((t) => t.topic),
  };
}
