/**
 * When a meeting's generated content counts as there: the meeting view shows a spinner instead of
 * an empty message while content is still being generated.
 */

/** Phrases that mark content as a placeholder rather than a result (case-insensitive). */
export const PLACEHOLDER_PHRASES = [
  'will be generated',
  'is being generated',
  'is processing',
  'will be available',
  'please wait',
  'no summary available',
  'generating transcript',
  'processing audio',
  'transcribing',
] as const;

/** Complete means transcript and summary are each longer than 10 characters after trimming. */
export const COMPLETE_MIN_CHARACTERS = 10;

/** Content shorter than 20 characters after trimming counts as not yet generated. */
export const GENERATED_MIN_CHARACTERS = 20;

/**
 * True when both transcript and summary are longer than 10 characters after trimming.
 *
 * @param meeting the two texts; null or undefined count as empty
 */
export function isMeetingComplete(meeting: {
  transcript?: string | null;
  summary?: string | null;
}): boolean {
  return (
    (meeting.transcript?.trim().length ?? 0) > COMPLETE_MIN_CHARACTERS &&
    (meeting.summary?.trim().length ?? 0) > COMPLETE_MIN_CHARACTERS
  );
}

/**
 * True when a summary or transcript counts as not yet generated: shorter than 20 characters after
 * trimming, or containing one of {@link PLACEHOLDER_PHRASES}.
 */
export function isNotYetGenerated(content: string | null | undefined): boolean {
  const text = content?.trim() ?? '';
  if (text.length < GENERATED_MIN_CHARACTERS) return true;
  const lower = text.toLowerCase();
  return PLACEHOLDER_PHRASES.some((phrase) => lower.includes(phrase));
}
