import { describe, expect, it } from 'vitest';
import { PocketsphinxUtteranceParser, type PocketsphinxUtterance } from './pocketsphinx-stream.ts';

/** Output of `pocketsphinx_continuous -time yes` for two utterances (0.8+5prealpha). */
const OUTPUT = [
  'and so my fellow americans',
  '<s> 0.000 0.040 0.998601',
  'and 0.050 0.160 0.016792',
  'so 0.170 0.670 0.029179',
  'my(2) 0.990 1.280 0.978042',
  '<sil> 1.290 1.510 0.271050',
  'fellow 1.520 2.010 0.447359',
  '[NOISE] 2.020 2.110 0.4',
  'americans 2.120 2.410 0.447359',
  '</s> 2.420 2.440 1.000000',
  'ask not',
  '<s> 3.170 3.280 0.999700',
  'ask 3.290 3.820 0.980589',
  'not 3.990 4.300 0.732394',
  '</s> 4.310 4.760 1.000000',
  '',
].join('\n');

describe('PocketsphinxUtteranceParser', () => {
  it('hands out each utterance at its </s>, words without markers, however the text is split', () => {
    for (const size of [1, 7, 64, OUTPUT.length]) {
      const utterances: PocketsphinxUtterance[] = [];
      const parser = new PocketsphinxUtteranceParser((u) => utterances.push(u));
      for (let i = 0; i < OUTPUT.length; i += size) parser.push(OUTPUT.slice(i, i + size));
      expect(utterances.map((u) => u.words.map((w) => w.word))).toEqual([
        ['and', 'so', 'my', 'fellow', 'americans'],
        ['ask', 'not'],
      ]);
      parser.end();
      expect(utterances).toHaveLength(2);
      expect(utterances[1]!.words[0]).toMatchObject({ start: 3.29, end: 3.82 });
      expect(utterances.map((u) => u.endS)).toEqual([2.44, 4.76]);
    }
  });

  it('hands out an utterance without </s> at the next hypothesis or at the end', () => {
    const utterances: string[][] = [];
    const parser = new PocketsphinxUtteranceParser((u) =>
      utterances.push(u.words.map((x) => x.word)),
    );
    parser.push('one\n<s> 0.0 0.1 1\none 0.1 0.5 0.9\ntwo\n<s> 1.0 1.1 1\ntwo 1.1 1.5 0.9');
    expect(utterances).toEqual([['one']]);
    parser.end();
    expect(utterances).toEqual([['one'], ['two']]);
  });

  it('hands out nothing for an utterance of silence and fillers only', () => {
    const utterances: PocketsphinxUtterance[] = [];
    const parser = new PocketsphinxUtteranceParser((u) => utterances.push(u));
    parser.push('\n<s> 0.0 0.1 1\n<sil> 0.1 0.9 1\n++UM++ 0.9 1.0 0.5\n</s> 1.0 1.2 1\n');
    parser.end();
    expect(utterances).toEqual([]);
  });
});
