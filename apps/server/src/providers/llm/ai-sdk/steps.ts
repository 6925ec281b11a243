/**
 * The text model's steps over AI SDK calls: each asks with its prompt, then checks and tidies the
 * answer so a malformed or empty one fails plainly (`TextGenerationError`) or is dropped.
 */
import {
  actionItemSuggestionSchema,
  checkWrittenNotes,
  parseTranscript as parseTurns,
  type ActionItemSuggestion,
} from '@summy/core';
import { GENERIC_LABEL, parseTranscript, relabelTranscript } from '../transcript.ts';
import {
  TextGenerationError,
  WrittenNotesRejectedError,
  type DoneItem,
  type GeneratedSummary,
  type TextModel,
} from '../types.ts';
import { locateEvidence } from '../offline/done-items.ts';
import type { AiSdkCalls } from './calls.ts';
import {
  actionItemsPrompt,
  doneItemsPrompt,
  speakerNamesPrompt,
  summaryPrompt,
  titlePrompt,
  writtenNotesPrompt,
} from './prompts.ts';
import {
  actionItemsAnswerSchema,
  doneItemsAnswerSchema,
  speakerNamesAnswerSchema,
  summaryAnswerSchema,
  writtenNotesAnswerSchema,
} from './schemas.ts';

type Step<K extends keyof TextModel> =
  NonNullable<TextModel[K]> extends (...args: infer A) => infer R
    ? (calls: AiSdkCalls, ...args: A) => R
    : never;

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** The first non-blank line of the model's answer. @throws TextGenerationError 'empty' */
export const generateTitle: Step<'generateTitle'> = async (calls, transcript, signal) => {
  if (!transcript.trim())
    throw new TextGenerationError('title', 'empty', 'The transcript is empty');
  const answer = await calls.text('title', titlePrompt(transcript), signal);
  const title = answer
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!title) throw new TextGenerationError('title', 'empty', 'The AI provider returned no title');
  return title;
};

/** Summary and topics (confidence clamped to 0-1). @throws TextGenerationError 'empty' */
export const summarize: Step<'summarize'> = async (calls, input, signal) => {
  if (!input.transcript.trim()) {
    throw new TextGenerationError('summary', 'empty', 'The transcript is empty');
  }
  const answer = await calls.object(
    'summary',
    summaryAnswerSchema,
    'summary',
    summaryPrompt(input),
    signal,
  );
  const summary = answer.summary.trim();
  if (!summary)
    throw new TextGenerationError('summary', 'empty', 'The AI provider returned no summary');
  return {
    summary,
    topics: answer.topics
      .map((t) => ({ topic: t.topic.trim(), confidence: clamp01(t.confidence) }))
      .filter((t) => t.topic),
  } satisfies GeneratedSummary;
};

/** Action items; a malformed one is dropped, an owner like 'none' becomes null. */
export const extractActionItems: Step<'extractActionItems'> = async (calls, transcript, signal) => {
  if (!transcript.trim()) return [];
  const answer = await calls.object(
    'actionItems',
    actionItemsAnswerSchema,
    'action_items',
    actionItemsPrompt(transcript),
    signal,
  );
  const items: ActionItemSuggestion[] = [];
  for (const raw of answer.actionItems) {
    const assigned = raw.assignedTo?.trim();
    const parsed = actionItemSuggestionSchema.safeParse({
      title: raw.title.trim(),
      description: raw.description.trim(),
      assignedTo:
        assigned && !/^(?:null|none|unknown|unassigned)$/i.test(assigned) ? assigned : null,
      confidence: clamp01(raw.confidence),
    });
    // A malformed item (no title) is dropped, not the whole answer.
    if (parsed.success) items.push(parsed.data);
  }
  return items;
};

// Names a model may give a speaker: 1-4 words starting with a letter, no colon or line break.
function usableName(name: string | null | undefined): string | undefined {
  const n = name?.trim().replace(/\s+/g, ' ');
  if (!n || n.length > 60 || /[:\n[\]]/.test(n) || !/^\p{L}/u.test(n)) return undefined;
  if (n.split(' ').length > 4 || GENERIC_LABEL.test(n) || /^(?:null|none|unknown)$/i.test(n)) {
    return undefined;
  }
  // The meeting view reads a label as a capitalised name.
  return n.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, c: string) => s + c.toUpperCase());
}

/**
 * Asks the model which generic label ('Speaker 2') is which named person, and puts the names
 * it is sure of in place of the labels. The transcript text itself is never rewritten by the
 * model, so nothing said can be lost or altered, and a 3-hour transcript needs no 3-hour
 * answer.
 * @throws TextGenerationError 'empty' for an empty transcript
 */
export const enhanceSpeakers: Step<'enhanceSpeakers'> = async (calls, transcript, signal) => {
  const paragraphs = parseTranscript(transcript);
  if (paragraphs.length === 0) {
    throw new TextGenerationError('speakers', 'empty', 'The transcript is empty');
  }
  const labels = [
    ...new Set(
      paragraphs.filter((p) => p.labelled && GENERIC_LABEL.test(p.speaker)).map((p) => p.speaker),
    ),
  ];
  // Everyone is already named: nothing to ask.
  if (labels.length === 0) return transcript;
  const answer = await calls.object(
    'speakers',
    speakerNamesAnswerSchema,
    'speaker_names',
    speakerNamesPrompt(transcript, labels),
    signal,
  );
  const names = new Map<string, string>();
  for (const { label, name } of answer.speakers) {
    const key = label
      .trim()
      .replace(/[[\]:]/g, '')
      .replace(/\s+/g, ' ');
    const usable = usableName(name);
    if (labels.includes(key) && usable) names.set(key, usable);
  }
  return relabelTranscript(transcript, names);
};

/**
 * Asks the model which open items the transcript says are done. An answer is kept only when
 * its quoted evidence is found in one turn of the transcript, so an item the model imagines
 * done is never suggested.
 */
export const findDoneItems: Step<'findDoneItems'> = async (
  calls,
  { transcript, items },
  signal,
) => {
  if (items.length === 0 || !transcript.trim()) return [];
  const answer = await calls.object(
    'actionItems',
    doneItemsAnswerSchema,
    'done_items',
    doneItemsPrompt(transcript, items),
    signal,
  );
  const found = new Map<string, DoneItem>();
  for (const { item, evidence } of answer.done) {
    const open = items[item - 1];
    const position = locateEvidence(transcript, evidence);
    if (open && position !== null && !found.has(open.id)) {
      found.set(open.id, { id: open.id, evidence: evidence.trim(), position });
    }
  }
  return [...found.values()];
};

/**
 * The notes written around My notes. The answer is checked with core `checkWrittenNotes` (every
 * heading a section in order, every note line kept, refs real; citations past the transcript
 * dropped); with problems the model is asked once more with them listed, since a second answer
 * that sees what it lost mostly mends it, and a third rarely does what the second did not.
 * @throws WrittenNotesRejectedError when the second answer still has problems
 * @throws TextGenerationError('summary', 'empty') for an empty transcript or no note lines
 */
export const writeAroundNotes: Step<'writeAroundNotes'> = async (calls, input, signal) => {
  const turnCount = parseTurns(input.transcript).length;
  if (turnCount === 0) throw new TextGenerationError('summary', 'empty', 'The transcript is empty');
  if (input.lines.length === 0) {
    throw new TextGenerationError('summary', 'empty', 'The meeting has no notes');
  }
  let problems: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await calls.object(
      'summary',
      writtenNotesAnswerSchema,
      'written_notes',
      writtenNotesPrompt(input, problems),
      signal,
    );
    // Negative or fractional numbers are no turn: dropped like citations past the end.
    const sections = answer.sections.map((s) => ({
      ...s,
      bullets: s.bullets.map((b) => ({
        ...b,
        citations: b.citations.filter((c) => Number.isInteger(c) && c >= 0),
      })),
    }));
    const checked = checkWrittenNotes(input.lines, { sections }, turnCount);
    if (checked.ok) return checked.sections;
    problems = checked.problems;
  }
  throw new WrittenNotesRejectedError(problems);
};
