/** Where shown echo lines go among the turns: by time, unknown starts keeping their place. */
import { describe, expect, it } from 'vitest';
import { echoedLinesLabel, rowOfTurns, transcriptRows } from './transcript-rows';

const at = (start: number) => ({ start, exact: true });
const line = (start: number, text = `echo ${start}`) => ({ start, end: start + 2, text });

describe('transcriptRows', () => {
  it('is the turns alone, in order, without echo lines', () => {
    expect(transcriptRows([at(0), at(5)], [])).toEqual([
      { kind: 'turn', turn: 0 },
      { kind: 'turn', turn: 1 },
    ]);
  });

  it('puts each echo line before the first turn starting after it, and late ones last', () => {
    const rows = transcriptRows([at(0), at(10), null, at(20)], [line(25), line(12), line(3)]);
    expect(rows.map((r) => (r.kind === 'turn' ? `t${r.turn}` : `e${r.line.start}`))).toEqual([
      't0',
      'e3',
      't1',
      't2',
      'e12',
      't3',
      'e25',
    ]);
    expect(rowOfTurns(rows)).toEqual([0, 2, 3, 5]);
  });

  it('counts lines in words', () => {
    expect(echoedLinesLabel(1)).toBe('1 echoed line hidden');
    expect(echoedLinesLabel(2)).toBe('2 echoed lines hidden');
  });
});
