/**
 * The offline fallback's diarization on every real multi-speaker recording of the test data,
 * leave-one-out: the one setting that is a constant, the embedding window, is chosen on the other
 * recordings for each recording scored, so nothing is tuned on the file it is scored on
 * (bench/stt/diarization-eval.ts). The bounds are ones the clustering it replaced failed: it found
 * 1 speaker in 4 of the 5 recordings, mean DER 52%, mean speaker-count error 2.4
 * (docs/performance.md). Runs once, in the PGlite project (no database involved).
 */
import { describe, expect, it } from 'vitest';
import { decodeToPcm } from '../src/audio/ffmpeg.ts';
import {
  leaveOneOut,
  multiSpeakerRecordings,
  scoreOne,
  singleSpeakerRecordings,
  twoSpeakerConversation,
} from '../../../bench/stt/diarization-eval.ts';

describe('fallback diarization (no models)', () => {
  it('leave-one-out over the multi-speaker recordings: no collapse, no explosion, mean DER under 40%', async () => {
    const held = await leaveOneOut(multiSpeakerRecordings());
    console.table(held);
    expect(held).toHaveLength(5);
    for (const h of held) {
      // Neither one speaker for a conversation nor more than twice the speakers there are.
      expect(h.speakers, h.name).toBeGreaterThanOrEqual(2);
      expect(h.speakers, h.name).toBeLessThanOrEqual(2 * h.reference);
    }
    const meanDer = held.reduce((sum, h) => sum + h.der, 0) / held.length;
    const meanCountError =
      held.reduce((sum, h) => sum + Math.abs(h.speakers - h.reference), 0) / held.length;
    expect(meanDer).toBeLessThan(0.4);
    expect(meanCountError).toBeLessThanOrEqual(1.6);
  }, 180_000);

  it('every single-speaker recording gives one speaker', async () => {
    for (const rec of singleSpeakerRecordings()) {
      const { speakers } = await scoreOne(await decodeToPcm(rec.path), null);
      expect(speakers, rec.name).toBe(1);
    }
  }, 60_000);

  it('a 9-minute conversation of two real people gives exactly two speakers', async () => {
    const { pcm, reference } = await twoSpeakerConversation(540);
    expect(pcm.length / 16_000).toBeGreaterThan(540);
    const { speakers, der } = await scoreOne(pcm, reference);
    expect(speakers).toBe(2);
    expect(der).toBeLessThan(0.25);
  }, 120_000);
});
