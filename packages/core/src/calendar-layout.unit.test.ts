// Node re-reads TZ when it is assigned, so every Date below is read in Berlin whatever the
// machine's zone: the daylight-saving cases need a zone that has them.
const machineZone = process.env.TZ;
process.env.TZ = 'Europe/Berlin';

import { afterAll, describe, expect, it } from 'vitest';
import {
  addLocalDays,
  allDayCountLabel,
  CALENDAR_LAYOUT,
  isoWeekNumber,
  layoutAllDayRow,
  layoutDay,
  localDateKey,
  weekNumberOfWeek,
  weekStartOf,
} from './calendar-layout.ts';

// The unit project's workers run file after file (isolate: false): later files get the zone back.
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

/** A local Berlin date-time as ISO 8601 with its offset, like the server answers. */
function at(date: string, time: string): string {
  const local = new Date(`${date}T${time}:00`);
  return local.toISOString();
}

function timed(id: string, date: string, from: string, to: string, toDate = date) {
  const times = { startTime: at(date, from), endTime: at(toDate, to) };
  return { id, ...times, isAllDay: false, startDate: null, endDate: null };
}

function allDay(id: string, startDate: string, endDate: string) {
  const times = { startTime: at(startDate, '00:00'), endTime: at(endDate, '00:00') };
  return { id, isAllDay: true, ...times, startDate, endDate };
}

const day = (date: string) => new Date(`${date}T12:00:00`);

it('runs in Berlin time', () => {
  // Without it the daylight-saving cases below would test nothing.
  expect(new Date('2026-07-01T12:00:00').getTimezoneOffset()).toBe(-120);
  expect(new Date('2026-01-01T12:00:00').getTimezoneOffset()).toBe(-60);
});

describe('constants', () => {
  it('are the documented values', () => {
    expect(CALENDAR_LAYOUT).toEqual({
      hourHeight: 80,
      hours: 24,
      gutter: 64,
      minEventHeight: 20,
      minDurationMin: 15,
      timeRangeOverMin: 30,
      transitionMs: 300,
      pollMs: 120_000,
      staleMs: 300_000,
      prefetchWeeks: 2,
    });
  });
});

describe('weekStartOf', () => {
  it('starts weeks on Sunday at local midnight', () => {
    expect(localDateKey(weekStartOf(day('2026-11-26')))).toBe('2026-11-22');
    expect(weekStartOf(day('2026-11-26')).getHours()).toBe(0);
    // A Sunday is its own week start, a Saturday belongs to the Sunday before.
    expect(localDateKey(weekStartOf(day('2026-11-22')))).toBe('2026-11-22');
    expect(localDateKey(weekStartOf(new Date('2026-11-28T23:59:00')))).toBe('2026-11-22');
    // Across a year boundary.
    expect(localDateKey(weekStartOf(day('2027-01-01')))).toBe('2026-12-27');
  });

  it('keeps local midnight across daylight-saving changes', () => {
    // Berlin springs forward on 29 March 2026 and falls back on 25 October 2026 (both Sundays).
    const spring = weekStartOf(day('2026-04-01'));
    expect(localDateKey(spring)).toBe('2026-03-29');
    expect(spring.getHours()).toBe(0);
    const next = addLocalDays(spring, 7);
    expect(localDateKey(next)).toBe('2026-04-05');
    expect(next.getHours()).toBe(0);
    const fall = addLocalDays(weekStartOf(day('2026-10-20')), 7);
    expect(localDateKey(fall)).toBe('2026-10-25');
    expect(localDateKey(addLocalDays(fall, 7))).toBe('2026-11-01');
    expect(addLocalDays(fall, 7).getHours()).toBe(0);
  });
});

describe('isoWeekNumber', () => {
  it.each([
    ['2026-11-26', 48],
    ['2026-01-01', 1], // a Thursday: week 1 of 2026
    ['2025-12-29', 1], // Monday of 2026's week 1
    ['2024-12-30', 1], // Monday of 2025's week 1, still in 2024
    ['2021-01-01', 53], // a Friday: the last week of 2020
    ['2021-01-03', 53],
    ['2021-01-04', 1],
    ['2026-12-31', 53], // 2026 starts on a Thursday, so it has 53 weeks
    ['2027-01-03', 53],
    ['2027-01-04', 1],
    ['2023-01-01', 52], // a Sunday: the last week of 2022
  ])('%s is in week %i', (date, week) => {
    expect(isoWeekNumber(day(date))).toBe(week);
  });

  it('names a Sunday-first week by its Monday', () => {
    // Sunday 3 January 2027 is in ISO week 53 of 2026, the six days after it in week 1.
    expect(weekNumberOfWeek(day('2027-01-03'))).toBe(1);
    expect(weekNumberOfWeek(day('2026-11-22'))).toBe(48);
    // Any day of the week names the same week.
    expect(weekNumberOfWeek(day('2026-11-28'))).toBe(48);
  });
});

describe('allDayCountLabel', () => {
  it('reads the documented "{n} event(s)" as a plural', () => {
    expect(allDayCountLabel(1)).toBe('1 event');
    expect(allDayCountLabel(3)).toBe('3 events');
  });
});

describe('layoutDay', () => {
  const d = '2026-11-24';

  it('places an event at 80 px an hour', () => {
    const [box] = layoutDay([timed('a', d, '09:30', '11:00')], day(d));
    expect(box).toMatchObject({
      id: 'a',
      top: 9.5 * 80,
      height: 1.5 * 80,
      column: 0,
      columns: 1,
      leftPct: 0,
      widthPct: 100,
      showTimeRange: true,
    });
  });

  it('draws short events 20 px tall and writes the time range only over 30 minutes', () => {
    const boxes = layoutDay(
      [
        timed('five', d, '08:00', '08:05'),
        timed('zero', d, '12:00', '12:00'),
        timed('thirty', d, '14:00', '14:30'),
        timed('thirty-one', d, '16:00', '16:31'),
      ],
      day(d),
    );
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.five!.height).toBe(20);
    expect(byId.zero!.height).toBe(20);
    expect(byId.thirty!.height).toBe(40);
    expect(byId.thirty!.showTimeRange).toBe(false);
    expect(byId.five!.showTimeRange).toBe(false);
    expect(byId['thirty-one']!.showTimeRange).toBe(true);
  });

  it('puts overlapping events side by side', () => {
    const boxes = layoutDay(
      [
        timed('design', d, '11:00', '12:00'),
        timed('lunch', d, '11:30', '12:30'),
        timed('later', d, '15:00', '16:00'),
      ],
      day(d),
    );
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.design).toMatchObject({ column: 0, columns: 2, leftPct: 0, widthPct: 50 });
    expect(byId.lunch).toMatchObject({ column: 1, columns: 2, leftPct: 50, widthPct: 50 });
    // Not overlapping anything: full width.
    expect(byId.later).toMatchObject({ column: 0, columns: 1, widthPct: 100 });
  });

  it('reuses a freed column and widens into free columns to the right', () => {
    // a 9-12 long; b 9-10 and c 10-11 take turns in the second column; d 9-9:30 needs a third.
    const boxes = layoutDay(
      [
        timed('a', d, '09:00', '12:00'),
        timed('b', d, '09:00', '10:00'),
        timed('c', d, '10:00', '11:00'),
        timed('d', d, '09:00', '09:30'),
      ],
      day(d),
    );
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.a).toMatchObject({ column: 0, columns: 3 });
    expect(byId.b).toMatchObject({ column: 1, columns: 3 });
    expect(byId.d).toMatchObject({ column: 2, columns: 3 });
    expect(byId.c).toMatchObject({ column: 1, columns: 3 });
    // c overlaps nothing in the third column, so it takes two thirds.
    expect(byId.c!.widthPct).toBeCloseTo(200 / 3);
    expect(byId.b!.widthPct).toBeCloseTo(100 / 3);
  });

  it('counts back-to-back events as not overlapping, but minimum-height boxes that touch as overlapping', () => {
    const back = layoutDay(
      [timed('a', d, '09:00', '10:00'), timed('b', d, '10:00', '11:00')],
      day(d),
    );
    expect(back.map((b) => b.columns)).toEqual([1, 1]);
    // A 5-minute event is drawn 15 minutes tall, so one starting 10 minutes later collides.
    const short = layoutDay(
      [timed('a', d, '09:00', '09:05'), timed('b', d, '09:10', '09:40')],
      day(d),
    );
    expect(short.map((b) => b.columns)).toEqual([2, 2]);
  });

  it('clips events crossing midnight and leaves out other days and all-day events', () => {
    const boxes = layoutDay(
      [
        timed('overnight', '2026-11-23', '22:00', '02:00', d),
        timed('into-tomorrow', d, '23:00', '01:00', '2026-11-25'),
        timed('yesterday', '2026-11-23', '10:00', '11:00'),
        timed('tomorrow', '2026-11-25', '00:00', '01:00'),
        allDay('holiday', d, '2026-11-25'),
      ],
      day(d),
    );
    expect(boxes.map((b) => b.id).sort()).toEqual(['into-tomorrow', 'overnight']);
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.overnight).toMatchObject({ top: 0, height: 160, startsBefore: true });
    expect(byId['into-tomorrow']).toMatchObject({ top: 23 * 80, height: 80, endsAfter: true });
  });

  it('keeps a minimum-height event near midnight inside the day', () => {
    const [box] = layoutDay([timed('late', d, '23:55', '23:58')], day(d));
    expect(box!.top + box!.height).toBe(24 * 80);
    expect(box!.height).toBe(20);
  });

  it('uses wall-clock hours on daylight-saving days', () => {
    // 29 March 2026: 02:00 jumps to 03:00, the day has 23 hours.
    const spring = '2026-03-29';
    const boxes = layoutDay(
      [timed('breakfast', spring, '09:00', '10:00'), timed('night', spring, '01:30', '03:30')],
      day(spring),
    );
    const byId = Object.fromEntries(boxes.map((b) => [b.id, b]));
    expect(byId.breakfast!.top).toBe(9 * 80);
    expect(byId.breakfast!.height).toBe(80);
    // One real hour, drawn over the wall-clock span 01:30 to 03:30.
    expect(byId.night).toMatchObject({ top: 1.5 * 80, height: 160, showTimeRange: true });

    // 25 October 2026: 03:00 falls back to 02:00, the day has 25 hours.
    const fall = '2026-10-25';
    const [late] = layoutDay([timed('dinner', fall, '19:00', '21:00')], day(fall));
    expect(late).toMatchObject({ top: 19 * 80, height: 160 });
    // An event over the whole day still ends at the bottom of the grid.
    const [whole] = layoutDay([timed('all', fall, '00:00', '00:00', '2026-10-26')], day(fall));
    expect(whole).toMatchObject({ top: 0, height: 24 * 80 });
  });
});

describe('layoutAllDayRow', () => {
  // The fake's week: Bob out Monday to Wednesday, an offsite Tuesday to Thursday, a holiday on
  // Wednesday, a birthday on Friday.
  const week = day('2026-11-22');
  const events = [
    allDay('bob', '2026-11-23', '2026-11-26'),
    allDay('offsite', '2026-11-24', '2026-11-27'),
    allDay('holiday', '2026-11-25', '2026-11-26'),
    allDay('birthday', '2026-11-27', '2026-11-28'),
    timed('timed', '2026-11-24', '09:00', '10:00'),
  ];

  it('counts all-day events per day with an exclusive end date', () => {
    const row = layoutAllDayRow(events, week);
    expect(row.counts).toEqual([0, 1, 2, 3, 1, 1, 0]);
    expect(row.overlaps).toBe(true);
  });

  it('stacks bars in the fewest lanes', () => {
    const row = layoutAllDayRow(events, week);
    const byId = Object.fromEntries(row.bars.map((b) => [b.id, b]));
    expect(byId.bob).toMatchObject({ startCol: 1, span: 3, lane: 0 });
    expect(byId.offsite).toMatchObject({ startCol: 2, span: 3, lane: 1 });
    expect(byId.holiday).toMatchObject({ startCol: 3, span: 1, lane: 2 });
    // Bob's lane is free again on Friday.
    expect(byId.birthday).toMatchObject({ startCol: 5, span: 1, lane: 0 });
    expect(row.lanes).toBe(3);
    expect(row.bars.map((b) => b.id)).not.toContain('timed');
  });

  it('does not collapse when no two all-day events share a day', () => {
    const row = layoutAllDayRow(
      [allDay('a', '2026-11-23', '2026-11-24'), allDay('b', '2026-11-24', '2026-11-25')],
      week,
    );
    expect(row.overlaps).toBe(false);
    expect(row.lanes).toBe(1);
    expect(layoutAllDayRow([], week)).toEqual({
      bars: [],
      lanes: 0,
      counts: [0, 0, 0, 0, 0, 0, 0],
      overlaps: false,
    });
  });

  it('clips events to the week and marks that they continue', () => {
    const row = layoutAllDayRow(
      [
        allDay('trip', '2026-11-18', '2026-11-24'),
        allDay('leave', '2026-11-27', '2026-12-05'),
        allDay('last-week', '2026-11-15', '2026-11-22'),
        allDay('next-week', '2026-11-29', '2026-11-30'),
      ],
      week,
    );
    expect(row.bars.map((b) => b.id)).toEqual(['trip', 'leave']);
    expect(row.bars[0]).toMatchObject({ startCol: 0, span: 2, continuesBefore: true });
    expect(row.bars[1]).toMatchObject({ startCol: 5, span: 2, continuesAfter: true });
  });

  it('finds the days of a week that changes to winter time', () => {
    const row = layoutAllDayRow([allDay('a', '2026-10-31', '2026-11-01')], day('2026-10-25'));
    expect(row.bars[0]).toMatchObject({ startCol: 6, span: 1 });
  });
});
