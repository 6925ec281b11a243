import { describe, expect, it } from 'vitest';
import { actionItemSuggestionSchema, TITLE_MAX } from '@summy/core';
import { NoSubjectError } from '../types.ts';
import { extractRuleBasedActionItems } from './action-items.ts';
import { extractKeyphrases } from './keyphrases.ts';
import { createOfflineTextModel } from './model.ts';
import { summarizeSentences } from './summarize.ts';
import { cleanSpoken, parseTranscript, splitSentences, transcriptSentences } from './text.ts';
import { heuristicTitle, titleCase } from './title.ts';

/** A product team's weekly sync, punctuated like a cloud transcript (names said, not labelled). */
const SYNC = [
  "Speaker 1: Okay, let's get started. This is the weekly sync for the checkout redesign. Priya, can you give us an update on the payment integration?",
  "Speaker 2: Sure. The Stripe integration is mostly done. We still have an issue with refunds on partial orders, so I'll fix the refund flow by Thursday.",
  'Speaker 1: Great. What about the mobile layout?',
  "Speaker 3: Um, the mobile layout is about eighty percent there. The address form still breaks on small screens. I'm going to rewrite the address form using the new grid component.",
  'Speaker 1: Okay. We need to run a usability test with five customers before the launch. Marco, could you schedule the usability sessions for next week?',
  'Speaker 3: Yeah, I can do that.',
  "Speaker 2: We should also make sure the analytics events fire on every checkout step, otherwise we can't measure the conversion rate.",
  'Speaker 1: Good point. Action item: update the analytics tracking plan for the new checkout. I will send the launch checklist to the whole team by Friday.',
  "Speaker 2: Let's also review the error messages with the support team, they get a lot of tickets about failed payments.",
  'Speaker 1: Agreed. Anything else? No? Okay, thanks everyone, see you next week.',
].join('\n\n');

const sentences = (t: string) => transcriptSentences(parseTranscript(t));

describe('offline text: reading spoken text', () => {
  it('cleans fillers, annotations, stutters and spacing', () => {
    expect(cleanSpoken("Um , I 'm gonna , uh , we'll we'll {vocalsound} start .")).toBe(
      "I'm gonna, we'll start.",
    );
    expect(cleanSpoken("so let's so let's think about it")).toBe("so let's think about it");
  });

  it('splits sentences, and cuts unpunctuated talk into pieces', () => {
    expect(splitSentences('Hello there. Dr. Smith is here! Is it? yes')).toEqual([
      'Hello there.',
      'Dr. Smith is here!',
      'Is it?',
      'yes',
    ]);
    const run = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitSentences(run, 40);
    expect(pieces).toHaveLength(3);
    expect(pieces.join(' ')).toBe(run);
  });
});

describe('offline text: rule-based action items', () => {
  const items = extractRuleBasedActionItems(sentences(SYNC));

  it('finds commitments, requests and obligations, with owners and deadlines', () => {
    const byTitle = Object.fromEntries(items.map((i) => [i.title, i]));
    expect(Object.keys(byTitle)).toEqual([
      'Fix the refund flow',
      'Rewrite the address form using the new grid component',
      'Schedule the usability sessions',
      'Update the analytics tracking plan for the new checkout',
      'Send the launch checklist to the whole team',
    ]);
    // 'I' is the speaker; a named addressee owns the request; 'we' is nobody in particular.
    expect(byTitle['Fix the refund flow']).toMatchObject({ assignedTo: 'Speaker 2' });
    expect(byTitle['Fix the refund flow']!.description).toMatch(/^Due by Thursday\. Speaker 2: “/);
    expect(byTitle['Schedule the usability sessions']).toMatchObject({ assignedTo: 'Marco' });
    expect(byTitle['Schedule the usability sessions']!.description).toMatch(/^Due next week\./);
    // 'We need to…', 'we should…', "let's…" mid-meeting are proposals nobody took on.
    expect(byTitle['Run a usability test with five customers before the launch']).toBeUndefined();
    // An explicit action item and a dated commitment are the strongest.
    expect(byTitle['Update the analytics tracking plan for the new checkout']!.confidence).toBe(
      0.95,
    );
    expect(byTitle['Send the launch checklist to the whole team']!.confidence).toBe(0.85);
    for (const i of items) expect(actionItemSuggestionSchema.parse(i)).toEqual(i);
  });

  it('ignores vague talk, questions, conditions and in-meeting requests', () => {
    const text = [
      "Speaker 1: I'll see you all in thirty minutes. Let's get started. I'll go first.",
      "Speaker 2: Can you hear me? If we'll all draw our favourite animal, that works. I will be honest.",
      "Speaker 1: Maybe we should design couches. Anna, can you walk us through the slides? Let's say it costs ten euro.",
    ].join('\n\n');
    expect(extractRuleBasedActionItems(sentences(text))).toEqual([]);
  });

  it('merges the same task said twice, keeping the stronger wording', () => {
    const text = [
      'Speaker 1: We need to send the contract to the lawyers.',
      'Speaker 2: Right, I will send the contract to the lawyers by Monday.',
    ].join('\n\n');
    const merged = extractRuleBasedActionItems(sentences(text));
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ assignedTo: 'Speaker 2', confidence: 0.85 });
  });
});

describe('offline text: summary, topics and title', () => {
  it('summarizes in markdown sections, key points in spoken order with the speaker', async () => {
    const { summary, topics } = await createOfflineTextModel().summarize({
      transcript: SYNC,
      meetingTitle: '',
      template: 'general',
    });
    const headings = summary.match(/^## .+$/gm);
    expect(headings).toEqual(['## Overview', '## Action items', '## Key points', '## Topics']);
    // The subject is what recurs through the meeting ('checkout' opens and closes it), not the
    // longest single stretch.
    expect(summary).toContain('Speaker 1, Speaker 2 and Speaker 3 met about checkout and payment.');
    // Key points read as notes: a statement reported, a sentence with 'we' quoted as said.
    expect(summary).toContain('- Speaker 3 said the address form still breaks on small screens.');
    expect(summary).toContain(
      "- Speaker 2 said: “We should also make sure the analytics events fire on every checkout step, otherwise we can't measure the conversion rate.”",
    );
    expect(summary).toContain(
      '- **Speaker 1:** Send the launch checklist to the whole team (by Friday).',
    );
    expect(topics.map((t) => t.topic)).toEqual(
      expect.arrayContaining(['address form', 'mobile layout', 'checkout']),
    );
    for (const t of topics) expect(t.confidence).toBeGreaterThan(0);
    for (const t of topics) expect(t.confidence).toBeLessThanOrEqual(0.9);
  });

  it('prefers a phrase to the single words it contains', () => {
    const phrases = extractKeyphrases(sentences(SYNC)).map((k) => k.phrase);
    expect(phrases).toContain('address form');
    expect(phrases).not.toContain('address');
    expect(phrases).not.toContain('form');
  });

  it('writes a Title Case title of at most 50 characters from the top topics', async () => {
    const title = await createOfflineTextModel().generateTitle(SYNC);
    expect(title).toBe('Checkout and Payment');
    expect(titleCase('plan for the launch of a product')).toBe('Plan for the Launch of a Product');
    const long = heuristicTitle(
      [
        { phrase: 'international quarterly revenue forecasting', confidence: 0.9, count: 3 },
        { phrase: 'supplier contract renegotiation', confidence: 0.5, count: 2 },
      ],
      sentences(SYNC),
    );
    expect(long).toBe('International Quarterly Revenue Forecasting');
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
  });

  it('names no title when the transcript is too poor to name a subject', async () => {
    // One sentence repeats nothing: the first words would be word salad, so the caller titles it
    // 'Meeting' plus the date. No words at all is the documented 'No title generated'.
    const poor = createOfflineTextModel().generateTitle(
      'Speaker 1: The quarterly revenue forecast for the northern region looks considerably better than expected.',
    );
    await expect(poor).rejects.toBeInstanceOf(NoSubjectError);
    await expect(poor).rejects.toThrow('No title generated');
    const empty = createOfflineTextModel().generateTitle('Speaker 1: ');
    await expect(empty).rejects.not.toBeInstanceOf(NoSubjectError);
    await expect(empty).rejects.toThrow('No title generated');
  });

  it('is deterministic', async () => {
    const model = createOfflineTextModel();
    const a = await model.summarize({ transcript: SYNC, meetingTitle: '', template: 'general' });
    const b = await model.summarize({ transcript: SYNC, meetingTitle: '', template: 'general' });
    expect(a).toEqual(b);
  });

  it('keeps the key points within the budget and in spoken order', () => {
    const s = sentences(SYNC);
    const { keyPoints } = summarizeSentences(s, 3);
    expect(keyPoints.length).toBeLessThanOrEqual(3);
    const order = keyPoints.flatMap((k) => k.points.map((p) => p.index));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
