import { describe, expect, it } from 'vitest';
import {
  contactSyncPhaseLabel,
  contactSyncResultMessage,
  contactsSyncEventSchema,
} from './contacts-sync.ts';

describe('contacts sync messages', () => {
  it("says what changed: 'Synced N contacts, M new'", () => {
    expect(contactSyncResultMessage({ saved: 190, added: 12, failed: 0 })).toBe(
      'Synced 190 contacts, 12 new',
    );
    expect(contactSyncResultMessage({ saved: 1, added: 0, failed: 0 })).toBe(
      'Synced 1 contact, 0 new',
    );
    expect(contactSyncResultMessage({ saved: 5, added: 5, failed: 2 })).toBe(
      'Synced 5 contacts, 5 new; 2 could not be saved',
    );
  });

  it('names the step, with its count when it has one', () => {
    expect(contactSyncPhaseLabel({ phase: 'reading', done: 0, total: 0 })).toBe(
      'Reading your calendar and address book',
    );
    expect(contactSyncPhaseLabel({ phase: 'directory', done: 12, total: 24 })).toBe(
      'Looking up colleagues (12 of 24)',
    );
  });

  it('accepts the three states and refuses anything else', () => {
    const running = { state: 'running', syncId: 'j1', phase: 'saving', done: 3, total: 9 };
    expect(contactsSyncEventSchema.parse(running)).toEqual(running);
    // Every event says which sync it is about.
    expect(contactsSyncEventSchema.safeParse({ ...running, syncId: undefined }).success).toBe(
      false,
    );
    expect(contactsSyncEventSchema.safeParse({ state: 'failed', syncId: 'j1' }).success).toBe(true);
    expect(contactsSyncEventSchema.safeParse({ state: 'done', saved: 1 }).success).toBe(false);
    expect(contactsSyncEventSchema.safeParse({ state: 'paused' }).success).toBe(false);
  });
});
