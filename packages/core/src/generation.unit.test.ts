import { describe, expect, it } from 'vitest';
import {
  cutTitle,
  FALLBACK_TITLE,
  TITLE_MAX,
  titleCandidates,
  untitledMeetingTitle,
} from './generation.ts';

describe('titles', () => {
  it("dates the title of a meeting with no subject to name, as the app shows dates ('MMM d, yyyy')", () => {
    // Local time: 25 November 2026, 23:30 is still the 25th where the server runs.
    expect(untitledMeetingTitle(new Date(2026, 10, 25, 23, 30))).toBe('Meeting, Nov 25, 2026');
    expect(untitledMeetingTitle(new Date(2027, 0, 3))).toBe('Meeting, Jan 3, 2027');
    expect(untitledMeetingTitle(new Date(2026, 10, 25)).startsWith(FALLBACK_TITLE)).toBe(true);
    expect(cutTitle(untitledMeetingTitle(new Date(2026, 10, 25)))).toBe('Meeting, Nov 25, 2026');
  });

  it('names the people known by name, never diarization labels or addresses, within 50 characters', () => {
    const day = new Date(2026, 10, 25);
    expect(untitledMeetingTitle(day, ['Ada Lovelace', 'Carol Smith'])).toBe(
      'Meeting with Ada and Carol, Nov 25, 2026',
    );
    expect(untitledMeetingTitle(day, ['Ada Lovelace'])).toBe('Meeting with Ada, Nov 25, 2026');
    expect(untitledMeetingTitle(day, ['Ada', 'Carol', 'Grace', 'Alan'])).toBe(
      'Meeting with Ada, Carol and 2 others, Nov 25, 2026',
    );
    expect(untitledMeetingTitle(day, ['Ada', 'Carolina', 'Grace', 'Alan'])).toBe(
      'Meeting with Ada and 3 others, Nov 25, 2026',
    );
    expect(untitledMeetingTitle(day, ['Speaker 1', 'Speaker 2', 'bob@acme.test'])).toBe(
      'Meeting, Nov 25, 2026',
    );
    expect(untitledMeetingTitle(day, ['Ada', 'ada lovelace', 'Speaker 2', 'Carol'])).toBe(
      'Meeting with Ada and Carol, Nov 25, 2026',
    );
    const long = untitledMeetingTitle(day, [
      'Bartholomew-Maximilian Featherstonehaugh',
      'Wolfeschlegelsteinhausenbergerdorff Junior',
    ]);
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
    // 'Meeting with Bartholomew-Maximilian and 1 other, Nov 25, 2026' would be too long.
    expect(long).toBe('Meeting, Nov 25, 2026');
  });

  it('offers the title, then with the day, then with a counter, each within 50 characters', () => {
    const day = new Date(2026, 10, 25);
    expect(titleCandidates('Remote Control and Design', day, 4)).toEqual([
      'Remote Control and Design',
      'Remote Control and Design, Nov 25, 2026',
      'Remote Control and Design, Nov 25, 2026 (2)',
      'Remote Control and Design, Nov 25, 2026 (3)',
    ]);
    // A title that already ends with its day goes straight to the counter.
    expect(titleCandidates('Meeting, Nov 25, 2026', day, 3)).toEqual([
      'Meeting, Nov 25, 2026',
      'Meeting, Nov 25, 2026 (2)',
      'Meeting, Nov 25, 2026 (3)',
    ]);
    const long = titleCandidates('International Quarterly Revenue Forecasting Review', day, 3);
    expect(long).toEqual([
      'International Quarterly Revenue Forecasting Review',
      'International Quarterly Revenue, Nov 25, 2026',
      'International Quarterly Revenue, Nov 25, 2026 (2)',
    ]);
    for (const t of long) expect(t.length).toBeLessThanOrEqual(TITLE_MAX);
  });
});
