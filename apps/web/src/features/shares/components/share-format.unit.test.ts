/** The wording of share links: parts, expiry, views and the link's address. */
import { describe, expect, it } from 'vitest';
import { expiryLabel, partsLabel, shareUrl, viewsLabel } from './share-format';

const none = {
  summary: false,
  actionItems: false,
  transcript: false,
  recording: false,
  notes: false,
};

describe('share link wording', () => {
  it('names the parts in the dialog’s order', () => {
    expect(partsLabel({ ...none, transcript: true, summary: true })).toBe('Summary, Transcript');
    expect(partsLabel({ ...none, notes: true })).toBe('My notes');
    expect(partsLabel(none)).toBe('Nothing');
  });

  it('tells a link that never expires, one that will and one that did', () => {
    const now = new Date('2026-12-07T12:00:00Z');
    expect(expiryLabel({ expiresAt: null }, now)).toBe('Never expires');
    expect(expiryLabel({ expiresAt: '2026-12-14T12:00:00.000Z' }, now)).toBe(
      'Expires Dec 14, 2026',
    );
    expect(expiryLabel({ expiresAt: '2026-12-01T12:00:00.000Z' }, now)).toBe('Expired Dec 1, 2026');
  });

  it('counts views with the last one, or none yet', () => {
    expect(viewsLabel({ viewCount: 0, lastViewedAt: null })).toBe('Not viewed yet');
    expect(viewsLabel({ viewCount: 1, lastViewedAt: '2026-12-07T12:00:00Z' })).toMatch(
      /^1 view · last Dec 7, 2026, \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(viewsLabel({ viewCount: 3, lastViewedAt: '2026-12-07T12:00:00Z' })).toMatch(/^3 views/);
  });

  it('puts the token under /s/ on the given origin', () => {
    expect(shareUrl('abc', 'https://summy.example')).toBe('https://summy.example/s/abc');
  });
});
