/**
 * The text-generation interface used by the pipeline and the text worker endpoints: title, summary
 * with topics, action items and speaker enhancement. Implemented by the AI SDK models (Anthropic,
 * OpenAI, OpenAI-compatible) and by the offline extractive/rule-based default.
 */
import type { ActionItemSuggestion, NoteLine, WrittenSection } from '@summy/core';

/** A summary in markdown with its topics (confidence 0 to 1). */
export interface GeneratedSummary {
  summary: string;
  topics: { topic: string; confidence: number }[];
}

/** A text model as the pipeline uses it. Every method throws `TextGenerationError` on failure. */
export interface TextModel {
  /** 'offline', or 'provider:model' as in the AI preferences. */
  readonly id: string;
  /** A short title (the caller cuts it to 50 characters). */
  generateTitle(transcript: string, signal?: AbortSignal): Promise<string>;
  /** A markdown summary with topics; `template` defaults to 'general'. */
  summarize(
    input: { transcript: string; meetingTitle: string; template: string },
    signal?: AbortSignal,
  ): Promise<GeneratedSummary>;
  /** Action items of one transcript chunk (the caller chunks and merges). */
  extractActionItems(transcript: string, signal?: AbortSignal): Promise<ActionItemSuggestion[]>;
  /** The transcript with better speaker labels, in the same 'Speaker N:' paragraph format. */
  enhanceSpeakers(transcript: string, signal?: AbortSignal): Promise<string>;
  /**
   * Which of `items` (open action items of earlier meetings of a series) the transcript says are
   * done, each with the sentence that says so. Absent where there is no language model: the
   * offline word and owner matching (offline/done-items.ts) is used instead.
   * @throws TextGenerationError('actionItems') when the provider fails
   */
  findDoneItems?(
    input: { transcript: string; items: readonly OpenItem[] },
    signal?: AbortSignal,
  ): Promise<DoneItem[]>;
  /**
   * The notes written around the meeting's own notes (My notes): their headings as sections in
   * order, every note line kept and expanded from the transcript with citations (turn indexes of
   * core `parseTranscript`), the rest under 'Also discussed'. The answer has passed
   * `checkWrittenNotes` (asked once more when it had problems). Absent on the offline model: the
   * caller composes the notes as written with the extractive points instead.
   * @throws WrittenNotesRejectedError when the answer still had problems after one more ask
   * @throws TextGenerationError('summary') when the provider fails or the transcript is too long
   */
  writeAroundNotes?(input: NotesInput, signal?: AbortSignal): Promise<WrittenSection[]>;
  /**
   * Streams the answer to a conversation, yielding text pieces as the model generates them (the
   * meeting assistant). Absent on the offline model, which has no language model to write with.
   * @throws TextGenerationError('chat') when the provider fails or answers nothing
   */
  answer?(input: ChatPrompt, signal?: AbortSignal, hooks?: AnswerHooks): AsyncIterable<string>;
}

/** What {@link TextModel.writeAroundNotes} reads: the transcript and the owner's note lines. */
export interface NotesInput {
  /** The stored transcript ('Speaker N: text' paragraphs). */
  transcript: string;
  /** The notes' lines (core `noteLinesOf`), at least one. */
  lines: readonly NoteLine[];
  meetingTitle: string;
}

/** An open action item to look for: its to-do id, title and owner (a name, or null). */
export interface OpenItem {
  id: string;
  title: string;
  assignedTo: string | null;
}

/** An item a transcript suggests is done, with the words that say so. */
export interface DoneItem {
  id: string;
  /** What was said, as said (a sentence, or a question and its answer). */
  evidence: string;
  /** Index of the transcript turn (core `parseTranscript`) the evidence ends in; null if unknown. */
  position: number | null;
}

/** What a model may tell about an answer before its first piece. */
export interface AnswerHooks {
  /**
   * The answer waits for the model (a local model runs a set number of requests at once):
   * `position` in its queue (1 = next; 0 once it is written), and whether a meeting's notes are
   * being written ahead of it.
   */
  onWaiting?(wait: { position: number; notes: boolean }): void;
}

/** A conversation for {@link TextModel.answer}: instructions, then alternating messages. */
export interface ChatPrompt {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

/** Which step failed; each maps to the documented message. */
export type TextGenerationStep = 'title' | 'summary' | 'actionItems' | 'speakers' | 'chat';

/** The documented messages per step. */
export const TEXT_ERROR_MESSAGES: Record<TextGenerationStep, { failed: string; empty: string }> = {
  title: { failed: 'Title generation failed', empty: 'No title generated' },
  summary: { failed: 'Summary generation failed', empty: 'No summary returned' },
  actionItems: { failed: 'Action item extraction failed', empty: 'Action item extraction failed' },
  speakers: { failed: 'Speaker enhancement failed', empty: 'No enhanced transcript returned' },
  chat: { failed: 'Chat failed', empty: 'No response generated' },
};

/**
 * A failed generation step, with the documented message. `retry` marks a failure that running the
 * job again can mend (the local model's worker process died: a new one starts), which the
 * pipeline hands to the job queue's retries instead of saving the meeting without notes.
 */
export class TextGenerationError extends Error {
  constructor(
    readonly step: TextGenerationStep,
    readonly kind: 'failed' | 'empty',
    readonly details: string,
    readonly status = 502,
    readonly retry = false,
  ) {
    super(TEXT_ERROR_MESSAGES[step][kind]);
  }
}

/**
 * The title step found nothing to name: the transcript has words, but too few content words or
 * none said twice (offline model). Not a failure: the caller titles the meeting 'Meeting' plus its
 * date (`untitledMeetingTitle`), where a failure gives the documented plain 'Meeting'.
 */
export class NoSubjectError extends TextGenerationError {
  constructor(details: string) {
    super('title', 'empty', details);
  }
}

/**
 * A model's written notes that still failed `checkWrittenNotes` after being asked once more with
 * the problems listed. `problems` are the validator's words of the last answer; the caller falls
 * back to the notes as written with the extractive points, the first problem as the reason.
 */
export class WrittenNotesRejectedError extends TextGenerationError {
  constructor(readonly problems: string[]) {
    super('summary', 'failed', problems[0] ?? 'The written notes did not keep the notes');
  }
}
