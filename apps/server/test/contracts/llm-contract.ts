/**
 * The contract every `TextModel` keeps, as a Vitest suite: run for the offline model, for each AI
 * SDK provider against its fake vendor, and against the real vendor when its key is set. It checks
 * what the pipeline relies on: a non-empty title that `cutTitle` brings to 50 characters, a
 * markdown summary with topics of confidence 0..1, valid action item suggestions, speaker
 * enhancement that keeps the paragraph format, the notes written around My notes (language models
 * only) keeping every note line, and failures as `TextGenerationError` with the
 * documented messages.
 */
import { describe, expect, it } from 'vitest';
import { actionItemSuggestionSchema, cutTitle, noteLinesOf, TITLE_MAX } from '@summy/core';
import { LABEL_PATTERN, parseTranscript } from '../../src/providers/llm/transcript.ts';
import { TextGenerationError, type TextModel } from '../../src/providers/llm/types.ts';

/** A short meeting with clear commitments and names said aloud, in the stored format. */
export const CONTRACT_TRANSCRIPT = [
  'Speaker 1: Good morning everyone. Thanks for joining the budget review for the mobile app launch. Maria, can you walk us through the marketing numbers?',
  'Speaker 2: Sure, thanks Tom. We have spent eighty percent of the marketing budget, mostly on the social media campaign. The print ads came in cheaper than planned.',
  'Speaker 1: Good. The launch date is still the first of June. We decided to keep the price at four ninety nine.',
  'Speaker 2: Agreed. I will update the launch timeline and share it with the design team by Friday.',
  'Speaker 1: And I will send the revised budget to finance next week. Maria, please book the venue for the launch party.',
  'Speaker 2: Will do. That is all from me.',
].join('\n\n');

/** Ways a provider fails (the fakes can do each). */
export type ContractFailure = 'unauthorized' | 'rate_limited' | 'server_error' | 'empty' | 'hang';

/** Options of the contract run. */
export interface TextModelContractOptions {
  /** When set, the suite is skipped and this reason shows in its name (e.g. a missing key). */
  skip?: string;
  /** A model whose vendor fails the given way; omit for models that cannot fail (offline). */
  failing?: (mode: ContractFailure) => TextModel | Promise<TextModel>;
  /** Time limit of each test in ms (default 30,000; real vendors need more). */
  timeoutMs?: number;
}

async function failureOf(promise: Promise<unknown>): Promise<TextGenerationError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TextGenerationError);
  return err as TextGenerationError;
}

/** The error of each of the four steps, in order: title, summary, action items, speakers. */
function everyStepFailure(model: TextModel): Promise<TextGenerationError[]> {
  return Promise.all([
    failureOf(model.generateTitle(CONTRACT_TRANSCRIPT)),
    failureOf(
      model.summarize({ transcript: CONTRACT_TRANSCRIPT, meetingTitle: '', template: 'general' }),
    ),
    failureOf(model.extractActionItems(CONTRACT_TRANSCRIPT)),
    failureOf(model.enhanceSpeakers(CONTRACT_TRANSCRIPT)),
  ]);
}

const spoken = (t: string) => parseTranscript(t).map((p) => p.text);

/** Defines the contract tests for one text model. */
export function textModelContract(
  name: string,
  makeModel: () => TextModel | Promise<TextModel>,
  options: TextModelContractOptions = {},
): void {
  const title = options.skip ? `${name} (skipped: ${options.skip})` : name;
  const suite = options.skip ? describe.skip : describe;
  const timeout = options.timeoutMs ?? 30_000;

  suite(`TextModel contract: ${title}`, () => {
    it(
      'writes a non-empty title that cutTitle brings within 50 characters',
      { timeout },
      async () => {
        const model = await makeModel();
        const raw = await model.generateTitle(CONTRACT_TRANSCRIPT);
        expect(raw.trim()).not.toBe('');
        const cut = cutTitle(raw);
        expect(cut.length).toBeGreaterThan(0);
        expect(cut.length).toBeLessThanOrEqual(TITLE_MAX);
      },
    );

    it('summarizes in markdown, with topics of confidence 0..1', { timeout }, async () => {
      const model = await makeModel();
      const { summary, topics } = await model.summarize({
        transcript: CONTRACT_TRANSCRIPT,
        meetingTitle: 'Budget review',
        template: 'general',
      });
      expect(summary.trim().length).toBeGreaterThan(20);
      expect(summary).toMatch(/^(?:#{1,3} |[-*] )/m);
      expect(Array.isArray(topics)).toBe(true);
      for (const t of topics) {
        expect(t.topic.trim()).not.toBe('');
        expect(t.confidence).toBeGreaterThanOrEqual(0);
        expect(t.confidence).toBeLessThanOrEqual(1);
      }
    });

    it('extracts valid action item suggestions', { timeout }, async () => {
      const model = await makeModel();
      const items = await model.extractActionItems(CONTRACT_TRANSCRIPT);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(actionItemSuggestionSchema.parse(item)).toEqual(item);
    });

    it(
      'keeps the paragraph format and every word when enhancing speakers',
      { timeout },
      async () => {
        const model = await makeModel();
        const enhanced = await model.enhanceSpeakers(CONTRACT_TRANSCRIPT);
        const paragraphs = enhanced.split(/\n\s*\n/);
        expect(paragraphs).toHaveLength(CONTRACT_TRANSCRIPT.split('\n\n').length);
        for (const p of paragraphs) expect(p).toMatch(LABEL_PATTERN);
        expect(spoken(enhanced)).toEqual(spoken(CONTRACT_TRANSCRIPT));
      },
    );

    it(
      'writes the notes around My notes keeping every line, headings in order (language models)',
      { timeout },
      async () => {
        const model = await makeModel();
        // The offline model has none: its notes are composed without it (services/text).
        if (!model.writeAroundNotes) return;
        const lines = noteLinesOf([
          { id: 'a', phase: 'before', t: null, markdown: '- Ask about the office move' },
          { id: 'b', phase: 'during', t: 1000, markdown: '## Budget\n- marketing 80%' },
          { id: 'c', phase: 'during', t: 9000, markdown: '## Launch\n- [ ] timeline to design' },
        ]);
        const sections = await model.writeAroundNotes({
          transcript: CONTRACT_TRANSCRIPT,
          lines,
          meetingTitle: 'Budget review',
        });
        const headed = sections.filter((s) => s.noteRef).map((s) => s.noteRef);
        expect(headed).toEqual(['n2', 'n4']);
        const kept = sections
          .flatMap((s) => s.bullets)
          .flatMap((b) => (b.noteRef ? [b.noteRef] : []));
        for (const ref of ['n1', 'n3', 'n5']) expect(kept).toContain(ref);
        const turns = CONTRACT_TRANSCRIPT.split('\n\n').length;
        for (const b of sections.flatMap((s) => s.bullets)) {
          for (const c of b.citations) expect(c).toBeLessThan(turns);
        }
      },
    );

    it('answers an empty transcript in the documented words', { timeout }, async () => {
      const model = await makeModel();
      expect((await failureOf(model.generateTitle('  '))).message).toBe('No title generated');
      expect(
        (
          await failureOf(
            model.summarize({ transcript: '', meetingTitle: '', template: 'general' }),
          )
        ).message,
      ).toBe('No summary returned');
      expect((await failureOf(model.enhanceSpeakers('\n\n'))).message).toBe(
        'No enhanced transcript returned',
      );
      expect(await model.extractActionItems('')).toEqual([]);
    });

    const failing = options.failing;
    if (!failing) return;

    it('maps a rejected key to 401', { timeout }, async () => {
      const model = await failing('unauthorized');
      const err = await failureOf(model.generateTitle(CONTRACT_TRANSCRIPT));
      expect(err.message).toBe('Title generation failed');
      expect(err.status).toBe(401);
    });

    it("maps 429 to 429 'Too many requests. Please try again later.'", { timeout }, async () => {
      const model = await failing('rate_limited');
      const err = await failureOf(
        model.summarize({ transcript: CONTRACT_TRANSCRIPT, meetingTitle: '', template: 'general' }),
      );
      expect(err.message).toBe('Summary generation failed');
      expect(err.status).toBe(429);
      expect(err.details).toBe('Too many requests. Please try again later.');
    });

    it("maps a vendor error to each step's 'failed' message", { timeout }, async () => {
      const model = await failing('server_error');
      const messages = await everyStepFailure(model);
      expect(messages.map((e) => e.message)).toEqual([
        'Title generation failed',
        'Summary generation failed',
        'Action item extraction failed',
        'Speaker enhancement failed',
      ]);
    });

    it("maps an empty answer to each step's 'empty' message", { timeout }, async () => {
      const model = await failing('empty');
      const messages = await everyStepFailure(model);
      expect(messages.map((e) => e.message)).toEqual([
        'No title generated',
        'No summary returned',
        'Action item extraction failed',
        'No enhanced transcript returned',
      ]);
    });

    it('gives up on a vendor that never answers', { timeout }, async () => {
      const model = await failing('hang');
      const err = await failureOf(model.generateTitle(CONTRACT_TRANSCRIPT));
      expect(err.message).toBe('Title generation failed');
      expect(err.status).toBe(504);
    });
  });
}
