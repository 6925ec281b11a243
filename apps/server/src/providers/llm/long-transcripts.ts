/**
 * Transcripts longer than a model's context window, by map-reduce: the transcript is cut at speaker
 * turns into parts that fit, each part is summarized on its own with its place in the meeting
 * (part k of n, about which minutes), and the part summaries are summarized again, in groups that
 * fit, until one summary is left. A local model with a context of a few thousand tokens thus
 * writes the notes of a two-hour meeting. The same design as the peers' local summarizers
 * (token-chunked map-reduce); short transcripts go straight to the model.
 */
import { parseTranscript, relabelTranscript, GENERIC_LABEL, type Paragraph } from './transcript.ts';
import {
  TextGenerationError,
  type GeneratedSummary,
  type NotesInput,
  type TextModel,
} from './types.ts';

/** How a model's context limits what it reads at once. */
export interface ContextLimit {
  /**
   * The most transcript tokens the model reads in one request: its context window minus the
   * prompt's instructions and the longest answer it may write.
   */
  maxInputTokens: number;
  /** Tokens of a text by the model's own tokenizer. */
  countTokens(text: string): Promise<number>;
}

/** One part of a long transcript: its text and where it sits in the meeting. */
export interface TranscriptPart {
  /** Speaker paragraphs, 'Label: text', separated by blank lines. */
  text: string;
  /** 1-based position and the number of parts. */
  index: number;
  count: number;
  /** Where the part starts and ends, as shares (0 to 1) of the meeting's words. */
  from: number;
  to: number;
}

const paragraphText = (p: Paragraph) => `${p.speaker}: ${p.text}`;

/**
 * Cuts a transcript into parts of at most `maxTokens` tokens at speaker turns; a single turn
 * longer than that is cut between sentences (or words, when a sentence alone is too long).
 * @throws RangeError when `maxTokens` is below 16 (no useful part fits)
 */
export async function splitTranscript(
  transcript: string,
  maxTokens: number,
  countTokens: (text: string) => Promise<number>,
): Promise<TranscriptPart[]> {
  if (maxTokens < 16) throw new RangeError(`A part must hold at least 16 tokens, not ${maxTokens}`);
  const pieces: string[] = [];
  for (const paragraph of parseTranscript(transcript)) {
    pieces.push(...(await cutToFit(paragraph, maxTokens, countTokens)));
  }
  const totalWords = pieces.reduce((n, p) => n + wordCount(p), 0) || 1;
  const groups: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    const tokens = (await countTokens(piece)) + 2; // the blank line between turns
    if (current.length > 0 && used + tokens > maxTokens) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(piece);
    used += tokens;
  }
  if (current.length > 0) groups.push(current);
  let before = 0;
  return groups.map((group, i) => {
    const words = group.reduce((n, p) => n + wordCount(p), 0);
    const part = {
      text: group.join('\n\n'),
      index: i + 1,
      count: groups.length,
      from: before / totalWords,
      to: (before + words) / totalWords,
    };
    before += words;
    return part;
  });
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A paragraph as pieces of at most `maxTokens`, each keeping the speaker's label. */
async function cutToFit(
  paragraph: Paragraph,
  maxTokens: number,
  countTokens: (text: string) => Promise<number>,
): Promise<string[]> {
  const whole = paragraphText(paragraph);
  if ((await countTokens(whole)) <= maxTokens) return [whole];
  const label = `${paragraph.speaker}: `;
  // Sentences first; a sentence that alone is too long falls back to words.
  const units = paragraph.text.match(/[^.!?]+[.!?]*\s*/g) ?? [paragraph.text];
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) pieces.push(label + current.trim());
    current = '';
  };
  for (const unit of units) {
    if ((await countTokens(label + current + unit)) <= maxTokens) {
      current += unit;
      continue;
    }
    flush();
    if ((await countTokens(label + unit)) <= maxTokens) {
      current = unit;
      continue;
    }
    for (const word of unit.split(/\s+/).filter(Boolean)) {
      if (current && (await countTokens(`${label}${current} ${word}`)) > maxTokens) flush();
      current = current ? `${current} ${word}` : word;
    }
  }
  flush();
  return pieces;
}

/** The heading that tells the model where a part sits: 'Part 2 of 5 (about minutes 24 to 48)'. */
export function partHeading(part: TranscriptPart, durationSeconds?: number): string {
  const where =
    durationSeconds && durationSeconds > 0
      ? ` (about minutes ${Math.floor((part.from * durationSeconds) / 60)} to ${Math.ceil((part.to * durationSeconds) / 60)})`
      : '';
  return `Part ${part.index} of ${part.count} of the meeting${where}`;
}

/**
 * A failure of the summaries a long transcript's title is made from, as the title step's own
 * ('Title generation failed', same cause, status and retry): the pipeline and the text worker
 * report the step that was asked for, not 'Summary generation failed'.
 */
function asTitleFailure(err: unknown): unknown {
  if (!(err instanceof TextGenerationError) || err.step === 'title') return err;
  return new TextGenerationError('title', err.kind, err.details, err.status, err.retry);
}

/**
 * The map stage: the summaries of the transcript's parts, one after another, each headed with its
 * place in the meeting.
 * @throws the model's error; TextGenerationError 'empty' only when no part had anything to summarise
 */
async function summarizeParts(
  model: TextModel,
  limit: ContextLimit,
  transcript: string,
  durationSeconds: number | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  const split = await splitTranscript(transcript, limit.maxInputTokens, limit.countTokens);
  const out: string[] = [];
  let nothing: TextGenerationError | undefined;
  // One part after another: a local model serves one request at a time anyway.
  for (const part of split) {
    const heading = partHeading(part, durationSeconds);
    const input = { transcript: part.text, meetingTitle: heading, template: 'general' };
    try {
      out.push(`${heading}:\n\n${(await model.summarize(input, signal)).summary}`);
    } catch (err) {
      // A part with nothing worth a summary (small talk, a pause) leaves the others theirs.
      if (!(err instanceof TextGenerationError && err.kind === 'empty')) throw err;
      nothing = err;
    }
  }
  if (out.length === 0 && nothing) throw nothing;
  return out;
}

/** Summaries reduced in groups that fit, until one text fits the context. */
async function reduceSummaries(
  model: TextModel,
  limit: ContextLimit,
  texts: string[],
  input: { meetingTitle: string; template: string },
  signal?: AbortSignal,
): Promise<GeneratedSummary> {
  const joined = texts.join('\n\n');
  if ((await limit.countTokens(joined)) <= limit.maxInputTokens || texts.length === 1) {
    return model.summarize({ transcript: joined, ...input }, signal);
  }
  const groups: string[][] = [[]];
  let used = 0;
  for (const text of texts) {
    const tokens = await limit.countTokens(text);
    if (groups.at(-1)!.length > 0 && used + tokens > limit.maxInputTokens) {
      groups.push([]);
      used = 0;
    }
    groups.at(-1)!.push(text);
    used += tokens;
  }
  if (groups.length === texts.length) {
    // Each summary alone fills the context: keep their beginnings rather than loop forever.
    return model.summarize({ transcript: joined, ...input }, signal);
  }
  const next: string[] = [];
  for (const group of groups) {
    next.push(
      (await model.summarize({ transcript: group.join('\n\n'), ...input }, signal)).summary,
    );
  }
  return reduceSummaries(model, limit, next, input, signal);
}

/**
 * Speaker names learnt from the first part (people introduce themselves early) and applied to the
 * whole transcript.
 */
async function namesFromFirstPart(
  model: TextModel,
  limit: ContextLimit,
  transcript: string,
  signal?: AbortSignal,
): Promise<string> {
  const [first] = await splitTranscript(transcript, limit.maxInputTokens, limit.countTokens);
  if (!first) return transcript;
  const before = parseTranscript(first.text);
  const after = parseTranscript(await model.enhanceSpeakers(first.text, signal));
  const names = new Map<string, string>();
  before.forEach((p, i) => {
    const renamed = after[i]?.speaker;
    if (GENERIC_LABEL.test(p.speaker) && renamed && !GENERIC_LABEL.test(renamed)) {
      names.set(p.speaker, renamed);
    }
  });
  return relabelTranscript(transcript, names);
}

const tooLong = (step: 'summary' | 'actionItems') =>
  new TextGenerationError(step, 'failed', 'The transcript is longer than the model reads');

/**
 * The steps that read a transcript only whole (they name its turns or quote it): a transcript
 * longer than the model reads fails them plainly, and the caller falls back.
 */
function wholeOnly(
  model: TextModel,
  fits: (text: string) => Promise<boolean>,
): Pick<TextModel, 'findDoneItems' | 'writeAroundNotes'> {
  return {
    // The notes written around My notes cite turns by number, which a part summary no longer
    // has: a transcript longer than the model reads gets the notes as written with the
    // extractive points (the caller's fallback), rather than notes citing nothing.
    ...(model.writeAroundNotes && {
      async writeAroundNotes(input: NotesInput, signal?: AbortSignal) {
        // The notes are read beside the transcript: both must fit.
        const notes = input.lines.map((l) => `[${l.ref}] - ${l.text}`).join('\n');
        if (!(await fits(`${notes}\n\n${input.transcript}`))) throw tooLong('summary');
        return model.writeAroundNotes!(input, signal);
      },
    }),
    // Too long a transcript is left to the offline matching (the caller's fallback): one call per
    // part would ask about every item again and again.
    ...(model.findDoneItems && {
      async findDoneItems(
        input: Parameters<NonNullable<TextModel['findDoneItems']>>[0],
        signal?: AbortSignal,
      ) {
        if (!(await fits(input.transcript))) throw tooLong('actionItems');
        return model.findDoneItems!(input, signal);
      },
    }),
  };
}

/**
 * A text model that reads transcripts longer than its context by map-reduce; shorter ones pass
 * through unchanged. The map stage of one transcript is shared by its title and its summary (the
 * pipeline asks for both at once).
 * @param durationSeconds the meeting's length, for the minute ranges of the parts (optional)
 */
export function withLongTranscripts(
  model: TextModel,
  limit: ContextLimit,
  durationSeconds?: number,
): TextModel {
  const fits = async (text: string) => (await limit.countTokens(text)) <= limit.maxInputTokens;
  let mapped: { transcript: string; parts: Promise<string[]> } | undefined;

  /** The summaries of the parts, each headed with its place in the meeting. */
  const partSummaries = (transcript: string, signal?: AbortSignal) => {
    if (mapped?.transcript !== transcript) {
      const parts = summarizeParts(model, limit, transcript, durationSeconds, signal);
      mapped = { transcript, parts };
      // A failed map stage is not kept: the next call tries again.
      parts.catch(() => {
        if (mapped?.parts === parts) mapped = undefined;
      });
    }
    return mapped.parts;
  };

  const reduce = (
    texts: string[],
    input: { meetingTitle: string; template: string },
    signal?: AbortSignal,
  ) => reduceSummaries(model, limit, texts, input, signal);

  return {
    id: model.id,
    ...(model.answer ? { answer: model.answer.bind(model) } : {}),
    async generateTitle(transcript, signal) {
      if (await fits(transcript)) return model.generateTitle(transcript, signal);
      try {
        const parts = await partSummaries(transcript, signal);
        const notes = parts.join('\n\n');
        if (await fits(notes)) return await model.generateTitle(notes, signal);
        return await model.generateTitle(
          (await reduce(parts, { meetingTitle: '', template: 'general' }, signal)).summary,
          signal,
        );
      } catch (err) {
        throw asTitleFailure(err);
      }
    },
    async summarize(input, signal) {
      if (await fits(input.transcript)) return model.summarize(input, signal);
      const parts = await partSummaries(input.transcript, signal);
      return reduce(parts, { meetingTitle: input.meetingTitle, template: input.template }, signal);
    },
    async extractActionItems(transcript, signal) {
      if (await fits(transcript)) return model.extractActionItems(transcript, signal);
      const items = [];
      for (const part of await splitTranscript(
        transcript,
        limit.maxInputTokens,
        limit.countTokens,
      )) {
        items.push(...(await model.extractActionItems(part.text, signal)));
      }
      return items;
    },
    async enhanceSpeakers(transcript, signal) {
      if (await fits(transcript)) return model.enhanceSpeakers(transcript, signal);
      return namesFromFirstPart(model, limit, transcript, signal);
    },
    ...wholeOnly(model, fits),
  };
}
