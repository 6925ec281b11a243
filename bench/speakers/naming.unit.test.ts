/** The naming score on voiceprints made for each case: right, wrong and unnameable speakers. */
import { describe, expect, it } from 'vitest';
import { precisionRecall, scoreNaming, type VoicedRecording } from './naming.ts';

const POLICY = { threshold: 0.6, margin: 0.1 };
const A = [1, 0, 0];
const B = [0, 1, 0];
const C = [0, 0, 1];

describe('scoreNaming', () => {
  it('counts right and wrong suggestions, and speakers whose person was never enrolled', () => {
    const first: VoicedRecording = { name: 'first', vectors: [A, B], truth: ['ann', 'bob'] };
    // Ann again (right), Bob sounding like Ann's profile would be wrong, and a stranger.
    const second: VoicedRecording = {
      name: 'second',
      vectors: [
        [0.9, 0.1, 0],
        [0.1, 0.05, 1],
      ],
      truth: ['ann', 'cid'],
    };
    const score = scoreNaming([first], [first, second], POLICY);
    expect(score).toMatchObject({ suggested: 1, correct: 1, nameable: 1 });
    expect(precisionRecall(score)).toEqual({ precision: 1, recall: 1 });
    expect(score.same).toHaveLength(1);
    expect(score.different).toHaveLength(3);
  });

  it('scores a wrong name as a false suggestion', () => {
    const first: VoicedRecording = { name: 'first', vectors: [A, C], truth: ['ann', 'cid'] };
    const second: VoicedRecording = { name: 'second', vectors: [A], truth: ['cid'] };
    const score = scoreNaming([first], [first, second], POLICY);
    expect(precisionRecall(score)).toEqual({ precision: 0, recall: 0 });
  });
});
