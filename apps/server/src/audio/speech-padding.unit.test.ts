import { describe, expect, it } from 'vitest';
import type { DetectedSpeech, SpeechDetector } from './speech-detector.ts';
import { withLeadingPadding } from './speech-padding.ts';

const RATE = 16_000;

/** A detector that hands out the given stretches (start, length in samples) after the call that
 * fed their end, the way a streaming detector reports speech once it ended. */
function scripted(stretches: [number, number][]): SpeechDetector {
  let fed = new Float32Array(0);
  let next = 0;
  const due = (all: boolean): DetectedSpeech[] => {
    const out: DetectedSpeech[] = [];
    while (next < stretches.length) {
      const [start, length] = stretches[next]!;
      if (!all && start + length > fed.length) break;
      out.push({ start, samples: fed.slice(start, start + length) });
      next++;
    }
    return out;
  };
  return {
    accept(samples) {
      const all = new Float32Array(fed.length + samples.length);
      all.set(fed);
      all.set(samples, fed.length);
      fed = all;
      return due(false);
    },
    flush: () => due(true),
    openSince: () => undefined,
  };
}

/** A ramp whose value is its own sample index, so a stretch shows where it came from. */
const ramp = (n: number) => Float32Array.from({ length: n }, (_, i) => i);

function run(detector: SpeechDetector, audio: Float32Array): DetectedSpeech[] {
  const out: DetectedSpeech[] = [];
  for (let i = 0; i < audio.length; i += 3000)
    out.push(...detector.accept(audio.subarray(i, i + 3000)));
  return [...out, ...detector.flush()];
}

describe('withLeadingPadding', () => {
  it('adds the 0.1 s before each stretch, taken from the audio fed', () => {
    const found = run(
      withLeadingPadding(
        scripted([
          [8000, 4000],
          [30000, 5000],
        ]),
      ),
      ramp(48000),
    );
    expect(found.map((s) => [s.start, s.samples.length])).toEqual([
      [8000 - 0.1 * RATE, 4000 + 0.1 * RATE],
      [30000 - 0.1 * RATE, 5000 + 0.1 * RATE],
    ]);
    for (const s of found) expect(s.samples[0]).toBe(s.start);
  });

  it('never reaches back into the stretch before, nor before the stream began', () => {
    const found = run(
      withLeadingPadding(
        scripted([
          [500, 4000],
          [4800, 3000],
        ]),
      ),
      ramp(16000),
    );
    expect(found.map((s) => [s.start, s.samples.length])).toEqual([
      [0, 4500],
      [4500, 3300],
    ]);
  });

  it('pads from the history only: a stretch older than it is handed out as it is', () => {
    const found = run(withLeadingPadding(scripted([[20000, 2000]]), 0.1, 0.1), ramp(40000));
    expect(found[0]!.start).toBe(20000);
    expect(found[0]!.samples.length).toBe(2000);
  });
});
