/**
 * The offline follow-up of open action items: done when a sentence (or a question and its answer)
 * shares the item's words and says it happened; never on a plan, a question, a negation or a
 * single shared word. And the check that a quoted piece of evidence is in the transcript.
 */
import { describe, expect, it } from 'vitest';
import { findDoneItems, locateEvidence } from './done-items.ts';

const item = (id: string, title: string, assignedTo: string | null = null) => ({
  id,
  title,
  assignedTo,
});
const transcript = (...turns: string[]) =>
  turns.map((t, i) => `Speaker ${(i % 2) + 1}: ${t}`).join('\n\n');
const found = (t: string, items: ReturnType<typeof item>[], names = {}) =>
  findDoneItems(t, items, names).map((d) => d.id);

describe('findDoneItems', () => {
  it('finds an item said to be done, with the sentence and its turn', () => {
    const t = transcript(
      'Morning all.',
      'Quick update: I emailed the signed contract to legal. Next, the budget.',
    );
    expect(findDoneItems(t, [item('a', 'Email the signed contract to legal')])).toEqual([
      { id: 'a', evidence: 'Quick update: I emailed the signed contract to legal.', position: 1 },
    ]);
  });

  it('folds irregular and regular past forms onto the imperative', () => {
    const t = transcript('We wrote the release notes and shipped version two.');
    expect(found(t, [item('w', 'Write the release notes'), item('s', 'Ship version two')])).toEqual(
      ['w', 's'],
    );
  });

  it('leaves plans, promises, questions and negations alone', () => {
    const items = [item('d', 'Send the client deck')];
    for (const said of [
      'I will send the client deck tomorrow.',
      "I haven't sent the client deck yet.",
      'We still need to send the client deck.',
      'Did anyone send the client deck?',
      'The client deck was not sent.',
    ]) {
      expect(found(transcript(said), items), said).toEqual([]);
    }
  });

  it('reads a short answer with the question it answers', () => {
    const t = transcript('Did the client deck go out?', 'Yes, sent it this morning.');
    const [done] = findDoneItems(t, [item('d', 'Send the client deck')]);
    expect(done).toEqual({
      id: 'd',
      evidence: 'Did the client deck go out? Yes, sent it this morning.',
      position: 1,
    });
  });

  it('needs most of the words, fewer when the owner says it', () => {
    const title = 'Review the vendor security questionnaire';
    const t = transcript('Grace here. I reviewed the vendor list.');
    // Two of four words: not enough from anyone...
    expect(found(t, [item('q', title)])).toEqual([]);
    // ...but the owner speaking ('Speaker 1' is Grace) with half the words is.
    expect(found(t, [item('q', title, 'Grace Hopper')], { 'Speaker 1': 'Grace Hopper' })).toEqual([
      'q',
    ]);
  });

  it('never matches an item of one content word, and answers each item once', () => {
    const t = transcript('Budget done. The budget is finished. Budget approved.');
    expect(found(t, [item('b', 'Budget')])).toEqual([]);
    const twice = transcript('I booked the venue.', 'Great, and I booked the venue caterer too.');
    expect(findDoneItems(twice, [item('v', 'Book the venue')])).toHaveLength(1);
  });
});

describe('locateEvidence', () => {
  const t = transcript('Where is the deck?', 'I sent the deck, on Monday!', 'Thanks.');

  it('finds a quote in its turn without regard to case, punctuation or spacing', () => {
    expect(locateEvidence(t, 'i sent the deck on monday')).toBe(1);
    expect(locateEvidence(t, 'Thanks')).toBe(2);
  });

  it('finds a quote across a question and its answer in the answer', () => {
    expect(locateEvidence(t, 'Where is the deck? I sent the deck')).toBe(1);
  });

  it('answers null for words the transcript does not hold', () => {
    expect(locateEvidence(t, 'I sent the contract')).toBeNull();
    expect(locateEvidence(t, '  ')).toBeNull();
  });
});
