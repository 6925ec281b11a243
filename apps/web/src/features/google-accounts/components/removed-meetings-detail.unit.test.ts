import { describe, expect, it } from 'vitest';
import { removedMeetingsDetail } from './removed-meetings-detail';

describe('removedMeetingsDetail', () => {
  it('states the real count and that the meetings keep their data', () => {
    expect(removedMeetingsDetail(0)).toBe('No meetings are linked to its calendar events.');
    expect(removedMeetingsDetail(1)).toMatch(/^1 meeting is linked/);
    expect(removedMeetingsDetail(7)).toMatch(/^7 meetings are linked.*keep all their data/);
  });
});
