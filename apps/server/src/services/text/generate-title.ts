import { cutTitle, untitledMeetingTitle } from '@summy/core';
import { NoSubjectError, TextGenerationError, type TextModel } from '../../providers/llm/types.ts';

/**
 * A meeting title from the transcript, cut to 50 characters. When the model finds no subject to
 * name (`NoSubjectError`: a transcript too poor for one) and `date` is given, the title is
 * 'Meeting' with the people known by name and that date ('Meeting with Ada and Carol, Nov 25,
 * 2026', or 'Meeting, Nov 25, 2026'); the pipeline uses the documented plain 'Meeting'
 * (`FALLBACK_TITLE`) when this throws. Callers that save the title make it unique in the account
 * (`uniqueMeetingTitle`).
 * @param date the meeting's date, for the no-subject title; without it NoSubjectError is thrown
 * @param people the meeting's people by name (attendees, named speakers), for the no-subject title
 * @throws TextGenerationError 'Title generation failed' / 'No title generated'
 */
export async function generateTitle(
  model: TextModel,
  transcript: string,
  signal?: AbortSignal,
  date?: Date,
  people: readonly string[] = [],
): Promise<string> {
  let raw: string;
  try {
    raw = await model.generateTitle(transcript, signal);
  } catch (err) {
    if (err instanceof NoSubjectError && date) return untitledMeetingTitle(date, people);
    throw err;
  }
  const title = cutTitle(raw);
  if (!title) throw new TextGenerationError('title', 'empty', 'The generated title was empty');
  return title;
}
