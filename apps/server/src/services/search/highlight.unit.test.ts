/** ts_headline's markers to text and ranges, with ellipses where a fragment was cut. */
import { describe, expect, it } from 'vitest';
import { excerptAround, parseHeadline } from './highlight.ts';

const S = '\u0002';
const E = '\u0003';

describe('parseHeadline', () => {
  it('turns the markers into ranges over the plain text', () => {
    expect(parseHeadline(`the ${S}quokka${E} and ${S}wombat${E}`)).toEqual({
      text: 'the quokka and wombat',
      ranges: [
        [4, 10],
        [15, 21],
      ],
    });
  });

  it('adds an ellipsis where the fragment starts or ends inside the passage', () => {
    const source = 'One two three. The quokka migration goes ahead. Four five six.';
    const h = parseHeadline(`The ${S}quokka${E} migration goes ahead.`, source);
    expect(h.text).toBe('… The quokka migration goes ahead. …');
    expect(h.text.slice(h.ranges[0]![0], h.ranges[0]![1])).toBe('quokka');
    const whole = parseHeadline(`${S}Quokka${E} time`, 'Quokka time');
    expect(whole).toEqual({ text: 'Quokka time', ranges: [[0, 6]] });
  });
});

describe('excerptAround', () => {
  it('cuts long text around the first match', () => {
    const text = `${'lorem '.repeat(40)}the quokka plan ${'ipsum '.repeat(40)}`;
    const e = excerptAround(text, ['quokka'], 60);
    expect(e.text.startsWith('… ')).toBe(true);
    expect(e.text.endsWith(' …')).toBe(true);
    expect(e.ranges).toHaveLength(1);
    expect(e.text.slice(e.ranges[0]![0], e.ranges[0]![1])).toBe('quokka');
  });
});
