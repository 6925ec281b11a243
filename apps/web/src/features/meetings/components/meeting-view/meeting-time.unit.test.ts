/** Playback times, turn starts and the header's time range of the meeting view. */
import { describe, expect, it } from 'vitest';
import { formatPlaybackTime } from '@summy/core';
import { activeTurnIndex, meetingTimeRange, turnStarts } from './meeting-time';
import { speakerColorSlots, speakerInitials } from './speaker-avatar';

describe('formatPlaybackTime', () => {
  it('writes mm:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatPlaybackTime(0)).toBe('00:00');
    expect(formatPlaybackTime(7.9)).toBe('00:07');
    expect(formatPlaybackTime(187)).toBe('03:07');
    expect(formatPlaybackTime(3599)).toBe('59:59');
    expect(formatPlaybackTime(3600)).toBe('1:00:00');
    expect(formatPlaybackTime(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
  });

  it('shows nonsense as 00:00', () => {
    expect(formatPlaybackTime(-3)).toBe('00:00');
    expect(formatPlaybackTime(Number.NaN)).toBe('00:00');
    expect(formatPlaybackTime(Number.POSITIVE_INFINITY)).toBe('00:00');
  });
});

describe('meetingTimeRange', () => {
  it('gives the date and start to end from the duration in minutes', () => {
    const start = new Date(2025, 2, 4, 14, 0).toISOString();
    expect(meetingTimeRange(start, 45)).toEqual({
      date: 'Tuesday, March 4, 2025',
      shortDate: 'Tue, Mar 4, 2025',
      time: '2:00 PM – 2:45 PM',
    });
  });

  it('gives only the start without a duration', () => {
    const start = new Date(2025, 2, 4, 9, 30).toISOString();
    expect(meetingTimeRange(start, 0).time).toBe('9:30 AM');
    // An 11-second recording.
    expect(meetingTimeRange(start, 11 / 60).time).toBe('9:30 AM');
    expect(meetingTimeRange(start, 1.5).time).toBe('9:30 AM – 9:31 AM');
  });

  it("names the end's day when the meeting runs past midnight", () => {
    const start = new Date(2025, 2, 4, 23, 30).toISOString();
    expect(meetingTimeRange(start, 60).time).toBe('11:30 PM – Mar 5, 12:30 AM');
  });
});

describe('turnStarts', () => {
  const turns = [{ offset: 0 }, { offset: 50 }, { offset: 150 }];

  it('uses the stored times when there is one per turn', () => {
    expect(turnStarts(turns, 200, [{ start: 0 }, { start: 12.5 }, { start: 40 }], 60)).toEqual([
      { start: 0, exact: true },
      { start: 12.5, exact: true },
      { start: 40, exact: true },
    ]);
  });

  it('estimates from the character position when the counts differ', () => {
    expect(turnStarts(turns, 200, [{ start: 0 }], 100)).toEqual([
      { start: 0, exact: false },
      { start: 25, exact: false },
      { start: 75, exact: false },
    ]);
    expect(turnStarts(turns, 200, [], 100)[2]).toEqual({ start: 75, exact: false });
  });

  it('gives nothing without a duration to estimate from', () => {
    expect(turnStarts(turns, 200, [], 0)).toEqual([null, null, null]);
  });
});

describe('activeTurnIndex', () => {
  const starts = [
    { start: 0, exact: true },
    { start: 10, exact: true },
    { start: 20, exact: true },
  ];
  it('is the last turn started at the position', () => {
    expect(activeTurnIndex(starts, 0)).toBe(0);
    expect(activeTurnIndex(starts, 9.9)).toBe(0);
    expect(activeTurnIndex(starts, 10)).toBe(1);
    expect(activeTurnIndex(starts, 500)).toBe(2);
    expect(activeTurnIndex([{ start: 5, exact: false }], 1)).toBe(-1);
  });
});

describe('speaker avatars', () => {
  it('writes initials', () => {
    expect(speakerInitials('Speaker 2')).toBe('S2');
    expect(speakerInitials('Mary Ann Smith')).toBe('MA');
    expect(speakerInitials('Unknown')).toBe('U');
    expect(speakerInitials('élodie')).toBe('É');
  });

  it('gives speakers colours in order of first appearance', () => {
    const slots = speakerColorSlots([
      { speaker: 'Speaker 2' },
      { speaker: 'Speaker 1' },
      { speaker: 'Speaker 2' },
    ]);
    expect(slots.get('Speaker 2')).toBe(0);
    expect(slots.get('Speaker 1')).toBe(1);
  });
});

describe('odd stored values', () => {
  const start = new Date(2025, 2, 4, 14, 0).toISOString();

  it.each([
    ['1e308 minutes', 1e308],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative duration', -5],
  ])('shows the start time alone for a duration of %s', (_what, duration) => {
    expect(meetingTimeRange(start, duration)).toEqual({
      date: 'Tuesday, March 4, 2025',
      shortDate: 'Tue, Mar 4, 2025',
      time: '2:00 PM',
    });
  });

  it.each([['garbage'], [''], ['+275761-01-01T00:00:00Z']])(
    'shows a dash and no time for the date %j',
    (date) => {
      expect(meetingTimeRange(date, 30)).toEqual({ date: '—', shortDate: '—', time: '' });
    },
  );

  it('estimates no turn starts from an infinite duration', () => {
    const turns = [{ offset: 0 }, { offset: 50 }];
    expect(turnStarts(turns, 100, [], Number.POSITIVE_INFINITY)).toEqual([null, null]);
    expect(turnStarts(turns, 100, [], 1e308 * 60)).toEqual([null, null]);
  });
});
