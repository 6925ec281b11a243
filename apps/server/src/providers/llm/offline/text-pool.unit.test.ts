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
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const generated = await model.summarize({ transcript, meetingTitle: '', template: 'general' });
    const took = performance.now() - started;
    clearInterval(timer);
    // A timer every 5 ms over the run: at least a third of them fired.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 15));
    expect(ticks).toBeGreaterThan(3);
    const inThread = await createOfflineTextModel().summarize({
      transcript,
      meetingTitle: '',
      template: 'general',
    });
    expect(generated).toEqual(inThread);
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
