import { describe, expect, it } from 'vitest';
import { noteLinesOf } from '@summy/core';
import { keptShare, notesFromReference } from './around-notes.ts';
import { matches, normalOwner, scoreActions } from './match.ts';
import { rouge, rougeTokens } from './rouge.ts';

describe('bench/notes ROUGE', () => {
  it('scores worked examples by hand (Lin 2004)', () => {
    // Unigrams 5 of 6 on both sides; bigrams 3 of 5 ('the cat', 'on the', 'the mat').
    const s = rouge('the cat sat on the mat', 'the cat was on the mat');
    expect(s.r1).toBeCloseTo(5 / 6, 6);
    expect(s.r2).toBeCloseTo(3 / 5, 6);
    expect(s.rl).toBeCloseTo(5 / 6, 6);
    expect(rouge('Remote, Control!', 'remote control').r2).toBe(1);
    expect(rouge('', 'remote control')).toEqual({ r1: 0, r2: 0, rl: 0 });
    expect(rougeTokens('Twenty-five Euro.')).toEqual(['twenty', 'five', 'euro']);
  });
});

describe('bench/notes action-item match rule', () => {
  const ref = { owner: 'Marketing', task: 'Research the user requirements', turns: [273] };

  it('needs the same owner after normalising and shared content words', () => {
    expect(normalOwner('User Interface Designer')).toBe('user interface');
    expect(normalOwner('The team')).toBe('everyone');
    expect(matches({ owner: 'Marketing', text: 'Working on the user requirements' }, ref)).toBe(
      true,
    );
    expect(matches({ owner: null, text: 'Working on the user requirements' }, ref)).toBe(false);
    expect(matches({ owner: 'Project Manager', text: 'Research the user requirements' }, ref)).toBe(
      false,
    );
    expect(matches({ owner: 'Marketing', text: 'Research the price' }, ref)).toBe(false);
  });

  it('pairs one item with one reference', () => {
    const item = { owner: 'Marketing', text: 'Research the user requirements' };
    const s = scoreActions([item, item], [ref]);
    expect(s).toMatchObject({ matched: 1, precision: 0.5, recall: 1 });
  });
});

describe('bench/notes around-notes', () => {
  it('makes one note line per sentence of the first half of the reference', () => {
    const blocks = notesFromReference('One two. Three four! Five six? Seven eight.');
    expect(noteLinesOf(blocks).map((l) => l.text)).toEqual(['One two.', 'Three four!']);
    expect(notesFromReference('Only one.')[0]!.markdown).toBe('- Only one.');
  });

  it("counts a line kept when a bullet with its ref holds all the line's words", () => {
    const lines = noteLinesOf(notesFromReference('Price is 25 Euro. Colour is red. A. B.'));
    const bullet = (text: string, noteRef: string | null) => ({
      text,
      noteRef,
      citations: [],
      discussed: true,
    });
    const notes = {
      sections: [
        {
          heading: null,
          noteRef: null,
          bullets: [bullet('The price is 25 euro, said Ann.', 'n1'), bullet('Colour is red', null)],
        },
      ],
    };
    expect(keptShare(lines, notes)).toBe(0.5);
    expect(keptShare([], notes)).toBe(1);
  });
});
