/**
 * The offline title names a subject: a noun phrase said more than once, never a repeated
 * adjective, quantifier or adverb ('Easier and Many' named nothing).
 */
import { describe, expect, it } from 'vitest';
import { NoSubjectError } from '../types.ts';
import { extractKeyphrases } from './keyphrases.ts';
import { createOfflineTextModel, sentencesOf } from './model.ts';
import { canEndNounPhrase, heuristicTitle } from './title.ts';

// Made up for this test: the talk repeats 'easier' and 'many' more than its subject.
const TALK = [
  'Speaker 1: Honestly the new checkout would be easier, so much easier for many customers.',
  'Speaker 2: Many customers said the old form was confusing, easier is better, many agree.',
  'Speaker 1: The supplier invoices arrive late, and the supplier invoices need approval twice.',
  'Speaker 2: Easier approval would help many teams, easier for finance, easier for many.',
  'Speaker 1: Then the supplier invoices go to finance, many of them by hand, which is easier.',
].join('\n');

describe('offline title', () => {
  it('tells words that can end a noun phrase from adjectives, adverbs and quantifiers', () => {
    for (const w of ['budget', 'invoices', 'design', 'scheduling', 'need', 'control']) {
      expect(canEndNounPhrase(w), w).toBe(true);
    }
    for (const w of ['easier', 'many', 'quickly', 'happiest', 'useful', 'decided', 'several']) {
      expect(canEndNounPhrase(w), w).toBe(false);
    }
  });

  it('names the repeated noun phrase, not the words said most', async () => {
    const sentences = sentencesOf(TALK);
    const top = extractKeyphrases(sentences, 8).map((k) => k.phrase);
    // The premise: plain keyphrases put the adjective and the quantifier first.
    expect(top.slice(0, 3)).toEqual(expect.arrayContaining(['easier']));
    const title = await createOfflineTextModel().generateTitle(TALK);
    expect(title).toMatch(/^Supplier Invoices\b/);
    expect(title).not.toMatch(/Easier|Many/);
  });

  it('names nothing when only adjectives and quantifiers repeat', async () => {
    const sentences = sentencesOf(TALK);
    expect(
      heuristicTitle(
        [
          { phrase: 'easier', confidence: 0.9, count: 7 },
          { phrase: 'many', confidence: 0.8, count: 6 },
          { phrase: 'quickly', confidence: 0.5, count: 3 },
          { phrase: 'many customers', confidence: 0.4, count: 2 },
        ],
        sentences,
      ),
    ).toBe('');
    // Then the model says so, and the caller titles the meeting with its people and date.
    const vague = [
      'Speaker 1: It would be easier, much easier, for many of us, honestly many.',
      'Speaker 2: Easier is better, and many agree it is easier, many really do.',
      'Speaker 1: Quickly then, easier for many, quickly and easier, many times over.',
    ].join('\n');
    await expect(createOfflineTextModel().generateTitle(vague)).rejects.toBeInstanceOf(
      NoSubjectError,
    );
  });
});
