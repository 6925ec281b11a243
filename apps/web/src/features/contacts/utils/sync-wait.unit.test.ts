/**
 * The page that asked for a contacts sync ends its wait on that sync's end only: not on the end
 * of a sync that was already running (heard or not), and not too late when the end arrives before
 * the answer to the request.
 */
import { describe, expect, it } from 'vitest';
import { NO_SYNC_WAIT, syncEnded, syncRequested, type ContactsSyncEnd } from './sync-wait';

const done = (syncId: string, added = 0): ContactsSyncEnd => ({
  state: 'done',
  syncId,
  saved: 12,
  added,
  failed: 0,
  skipped: false,
});

describe('the wait for an asked-for contacts sync', () => {
  it('ignores the end of a sync that was running before the click, heard or not', () => {
    // Signing in started sync A; the page never heard it run. 'Sync now' queued B.
    let step = syncRequested(NO_SYNC_WAIT, 'B');
    expect(step.finished).toBeNull();
    step = syncEnded(step.wait, done('A', 12));
    expect(step.finished).toBeNull();
    expect(step.wait.waitingFor).toBe('B');
    step = syncEnded(step.wait, done('B'));
    expect(step.finished).toEqual(done('B'));
    expect(step.wait.waitingFor).toBeNull();
  });

  it('ends at once when the sync ended before the answer came', () => {
    const heard = syncEnded(NO_SYNC_WAIT, { state: 'failed', syncId: 'C' });
    expect(heard.finished).toBeNull();
    const step = syncRequested(heard.wait, 'C');
    expect(step.finished).toEqual({ state: 'failed', syncId: 'C' });
    expect(step.wait).toEqual(NO_SYNC_WAIT);
  });

  it('keeps only the last few ends while nothing is asked for', () => {
    let wait = NO_SYNC_WAIT;
    for (let i = 0; i < 20; i++) wait = syncEnded(wait, done(`S${i}`)).wait;
    expect(wait.recentEnds.map((e) => e.syncId)).toEqual([
      'S12',
      'S13',
      'S14',
      'S15',
      'S16',
      'S17',
      'S18',
      'S19',
    ]);
    expect(syncRequested(wait, 'S0').finished).toBeNull();
  });
});
