import { describe, expect, it } from 'vitest';
import { cutTitle, FALLBACK_TITLE, untitledMeetingTitle } from './generation.ts';

describe('titles (spec 000 sections 4 and 5, issue 11)', () => {
  it("dates the title of a meeting with no subject to name, as the app shows dates ('MMM d, yyyy')", () => {
    // Local time: 25 November 2026, 23:30 is still the 25th where the server runs.
    expect(untitledMeetingTitle(new Date(2026, 10, 25, 23, 30))).toBe('Meeting, Nov 25, 2026');
    expect(untitledMeetingTitle(new Date(2027, 0, 3))).toBe('Meeting, Jan 3, 2027');
    expect(untitledMeetingTitle(new Date(2026, 10, 25)).startsWith(FALLBACK_TITLE)).toBe(true);
    expect(cutTitle(untitledMeetingTitle(new Date(2026, 10, 25)))).toBe('Meeting, Nov 25, 2026');
  });
});
