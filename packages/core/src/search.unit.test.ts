/** The search text's words and the highlight helpers shared by the server and the palette. */
import { describe, expect, it } from 'vitest';
import { highlightParts, searchWords, substringRanges } from './search.ts';

describe('search words', () => {
  it('keeps runs of letters and digits, lower-cased, at most eight', () => {
    expect(searchWords("  Roadmap: Q3's  plan!")).toEqual(['roadmap', 'q3', 's', 'plan']);
    expect(searchWords('?! --')).toEqual([]);
    expect(searchWords('Über café')).toEqual(['über', 'café']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('highlights', () => {
  it('finds every occurrence of every word, merged and in order', () => {
    expect(substringRanges('Design review: redesign', ['design'])).toEqual([
      [0, 6],
      [17, 23],
    ]);
    expect(substringRanges('Quincy Okafor', ['okaf', 'kafor'])).toEqual([[7, 13]]);
    expect(substringRanges('nothing here', ['zebra'])).toEqual([]);
  });

  it('splits text into plain and matched parts, ignoring ranges out of bounds', () => {
    expect(highlightParts({ text: 'the quokka plan', ranges: [[4, 10]] })).toEqual([
      { text: 'the ', match: false },
      { text: 'quokka', match: true },
      { text: ' plan', match: false },
    ]);
    expect(
      highlightParts({
        text: 'ab',
        ranges: [
          [1, 9],
          [0, 1],
        ],
      }),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'b', match: true },
    ]);
  });
});
