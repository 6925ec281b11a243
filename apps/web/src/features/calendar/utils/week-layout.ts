/**
 * Shared geometry of the week grid: the gutter-plus-days columns and how wide a day column gets
 * when the week does not fit the screen.
 */
import { type CalendarEvent } from '@summy/core';
import { CALENDAR_LAYOUT } from '@summy/core/calendar-layout';
import { type CSSProperties } from 'react';

const { hourHeight, hours, gutter } = CALENDAR_LAYOUT;

/** Height of one day column, px: every hour row of the grid. */
export const DAY_PX = hourHeight * hours;

/**
 * Day columns are at least this wide, px; narrower screens show as many whole days as fit (four
 * on a 375 px phone) and scroll the week sideways a day at a time.
 */
const MIN_DAY_PX = 64;

/** The time gutter beside one track holding the seven days, for the header and the hour grid. */
export const WEEK_COLUMNS: CSSProperties = { gridTemplateColumns: `${gutter}px minmax(0, 1fr)` };

/**
 * The width of a day column when the week does not fit `width` px (the scroller's inner width),
 * chosen so whole days fill the space beside the gutter; `null` when all seven fit.
 */
export function dayColumnWidth(width: number): number | null {
  const room = width - gutter;
  const shown = Math.max(1, Math.floor(room / MIN_DAY_PX));
  return shown >= 7 ? null : room / shown;
}

/** What the week header and the hour grid both draw from: one week, sliding in together. */
export interface WeekPartProps {
  /** Local midnights of the week's seven days, Sunday first. */
  days: readonly Date[];
  /** The week's local date key: a new key remounts the sliding parts so they animate in. */
  weekKey: string;
  /** Today's local date key, to highlight its column. */
  todayKey: string;
  /** The slide-in class for the week's direction, if it moved. */
  animation: string | undefined;
  /** The slide-in's duration. */
  animationStyle: CSSProperties;
  /** The week's events; `undefined` while they load draws the skeleton. */
  events: CalendarEvent[] | undefined;
  /** Linked account ids, primary first: each account keeps one colour. */
  accountOrder: readonly string[];
  onSelect: (event: CalendarEvent) => void;
}
