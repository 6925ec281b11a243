/**
 * The catalog's offline text model works off the event loop: while it summarises a long
 * transcript, timers of the calling thread keep firing. On the calling thread they could not
 * fire at all until the summary returned. The answers equal the in-thread model's.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { resolveTextModel } from '../catalog.ts';
import { longTranscript } from '../../../../test/transcripts.ts';
import { createOfflineTextModel } from './model.ts';

describe('the offline text model on worker threads', () => {
  it('keeps the event loop free while it summarises a long transcript', async () => {
    const model = resolveTextModel('offline', loadEnv({ AUTH_SECRET: 'x'.repeat(40) }));
    const transcript = longTranscript(200_000);
    // Order, not time: how many turns of a 1 ms timer came before the answer. A loaded machine
    // slows the timer and the work alike, so a count per elapsed millisecond failed there; the
    // in-thread model below lets none through, the pooled one at least a few.
    const ticksDuring = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      try {
        return { value: await work(), ticks };
      } finally {
        clearInterval(timer);
      }
    };
    const input = { transcript, meetingTitle: '', template: 'general' };
    const pooled = await ticksDuring(() => model.summarize(input));
    const inThread = await ticksDuring(() => createOfflineTextModel().summarize(input));
    expect(inThread.ticks).toBe(0);
    expect(pooled.ticks).toBeGreaterThanOrEqual(3);
    expect(pooled.value).toEqual(inThread.value);
  });

  it('answers the same errors as the in-thread model', async () => {
    const model = resolveTextModel('offline', loadEnv({ AUTH_SECRET: 'x'.repeat(40) }));
    await expect(model.generateTitle('Speaker 1: Um.')).rejects.toMatchObject({
      name: 'Error',
      step: 'title',
    });
    await expect(
      model.summarize({ transcript: '  ', meetingTitle: '', template: 'general' }),
    ).rejects.toMatchObject({ step: 'summary', kind: 'empty' });
  });
});
