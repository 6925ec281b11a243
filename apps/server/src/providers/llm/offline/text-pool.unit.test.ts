/**
 * The catalog's offline text model works off the event loop: while it summarises a long
 * transcript, timers of the calling thread keep firing. On the calling thread they could not
 * fire at all until the summary returned. The answers equal the in-thread model's.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { resolveTextModel } from '../catalog.ts';
import { createOfflineTextModel } from './model.ts';

/** About `bytes` of a varied two-speaker transcript. */
function longTranscript(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 2
        ? `Speaker 2: I will send the revised budget for region ${i} to finance by Friday, and we decided to move the launch ${i % 7} weeks.`
        : `Speaker 1: The customer in account ${i} reported latency of ${i % 90} milliseconds after the migration, so we should review the cache settings.`;
    lines.push(line);
    size += line.length + 2;
  }
  return lines.join('\n\n');
}

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
