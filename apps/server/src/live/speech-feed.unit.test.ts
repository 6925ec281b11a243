import { describe, expect, it } from 'vitest';
import { SpeechFeed } from './speech-feed.ts';

const RATE = 16_000;
/** A ramp whose value is its own sample index + 1 (zero is the silence written). */
const ramp = (from: number, n: number) => Float32Array.from({ length: n }, (_, i) => from + i + 1);
const concat = (pieces: Float32Array[]) => {
  const out = new Float32Array(pieces.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** The recording samples (index) in what was written, and the silences' lengths. */
function describeStream(stream: Float32Array) {
  const runs: (number[] | { silence: number })[] = [];
  for (const v of stream) {
    const last = runs[runs.length - 1];
    if (v === 0) {
      if (last && 'silence' in last) last.silence++;
      else runs.push({ silence: 1 });
    } else if (Array.isArray(last) && last[1] === v - 2) last[1] = v - 1;
    else runs.push([v - 1, v - 1]);
  }
  return runs;
}

describe('SpeechFeed', () => {
  it('writes open speech as it comes, then the ended stretch rest and a block-aligned silence', () => {
    const feed = new SpeechFeed({ silenceS: 0.1, blockSamples: 1000 });
    const written: Float32Array[] = [];
    // Piece 1: samples 0-999, nobody speaks.
    written.push(...feed.hear(ramp(0, 1000), [], undefined));
    expect(written).toEqual([]);
    // Piece 2: 1000-1999, speech declared open since 1800 (in this piece).
    written.push(...feed.hear(ramp(1000, 1000), [], 1800));
    // Piece 3: 2000-2999, the stretch 1750-2500 ended; nothing open after it.
    const stretch = { start: 1750, samples: ramp(1750, 750) };
    written.push(...feed.hear(ramp(2000, 1000), [stretch], undefined));
    const stream = concat(written);
    // 1750-1799 came before the open estimate: not written (it began before anything was heard).
    expect(describeStream(stream)).toEqual([[1800, 2499], { silence: 3000 - 700 }]);
    expect(stream.length % 1000).toBe(0);
  });

  it('leaves silence between stretches out and maps stream times back to the recording', () => {
    const feed = new SpeechFeed({ silenceS: 0.25, blockSamples: 2048 });
    const a = { start: RATE, samples: ramp(RATE, RATE / 2) }; // 1.0-1.5 s
    const b = { start: 3 * RATE, samples: ramp(3 * RATE, RATE) }; // 3.0-4.0 s
    const written = [
      ...feed.hear(ramp(0, 2 * RATE), [a], undefined),
      ...feed.hear(ramp(2 * RATE, 3 * RATE), [b], undefined),
    ];
    const runs = describeStream(concat(written));
    expect(runs.filter(Array.isArray)).toEqual([
      [RATE, 1.5 * RATE - 1],
      [3 * RATE, 4 * RATE - 1],
    ]);
    const aWritten = RATE / 2 + (runs[1] as { silence: number }).silence;
    expect(aWritten % 2048).toBe(0);
    expect(feed.toRecording(0, 'start')).toBe(1);
    expect(feed.toRecording(0.25, 'end')).toBe(1.25);
    // In the silence after a: the end of a, or the start of b.
    expect(feed.toRecording(0.6, 'end')).toBe(1.5);
    expect(feed.toRecording(0.6, 'start')).toBe(3);
    expect(feed.toRecording(aWritten / RATE + 0.5, 'start')).toBe(3.5);
    // After the last stretch's silence there is no next stretch: its end.
    expect(feed.toRecording(60, 'start')).toBe(4);
    // An utterance closed by the silence after a ends where a ended; inside a, nothing.
    expect(feed.closedStretchEnd(0.6)).toBe(1.5);
    expect(feed.closedStretchEnd(0.4)).toBeUndefined();
  });

  it('ends an utterance at a cut of long speech and goes on with the open rest', () => {
    const feed = new SpeechFeed({ silenceS: 0.1, blockSamples: 100 });
    const first = feed.hear(ramp(0, 1000), [], 0);
    // The detector cut its stretch 0-1500 at the longest length and speech goes on from 1500.
    const cut = { start: 0, samples: ramp(0, 1500) };
    const second = feed.hear(ramp(1000, 1000), [cut], 1500);
    expect(describeStream(concat([...first, ...second]))).toEqual([
      [0, 1499],
      { silence: 1600 },
      [1500, 1999],
    ]);
    // The open rest starts after 1,500 samples of speech and 1,600 of silence.
    expect(feed.toRecording(3101 / RATE, 'start')).toBeCloseTo(1501 / RATE, 9);
  });

  it('closes an utterance whose speech the detector dropped as too short, and at the end', () => {
    const feed = new SpeechFeed({ silenceS: 0.1, blockSamples: 100 });
    const open = feed.hear(ramp(0, 500), [], 300);
    const dropped = feed.hear(ramp(500, 500), [], undefined);
    expect(describeStream(concat([...open, ...dropped]))).toEqual([[300, 499], { silence: 1600 }]);
    const again = feed.hear(ramp(1000, 500), [], 1200);
    const end = feed.end([{ start: 1200, samples: ramp(1200, 400) }]);
    expect(describeStream(concat([...again, ...end]))).toEqual([[1200, 1599], { silence: 1600 }]);
    expect(feed.end([])).toEqual([]);
  });
});
