/**
 * Reading and editing one CalDAV object's VTODO (RFC 5545 section 3.6.2) with ical.js, so
 * properties Summy does not know (alarms, Apple's X- properties, categories) survive an edit.
 * Priorities convert between RFC 5545 (1 highest) and the documented Apple scale (9 urgent) here.
 */
import ICAL from 'ical.js';
import {
  appleToRfc5545,
  rfc5545ToApple,
  type Reminder,
  type ReminderList,
  type ReminderPatch,
} from '@summy/core';

/** The object is not iCalendar, or holds no VTODO. */
export class NotAVtodoError extends Error {}

// The master VTODO: the first without RECURRENCE-ID (overrides of a recurring to-do follow it).
function masterTodo(calendar: ICAL.Component): ICAL.Component {
  const todos = calendar.getAllSubcomponents('vtodo');
  const master = todos.find((t) => !t.hasProperty('recurrence-id')) ?? todos[0];
  if (!master) throw new NotAVtodoError('no VTODO in the object');
  return master;
}

function parseCalendar(ics: string): ICAL.Component {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch (err) {
    throw new NotAVtodoError(`not iCalendar: ${(err as Error).message}`);
  }
  // Times with a TZID resolve through the object's own VTIMEZONEs.
  for (const tz of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(tz);
    if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
  }
  return calendar;
}

function timeValue(todo: ICAL.Component, name: string): ICAL.Time | null {
  const value = todo.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : null;
}

// A DATE reads as YYYY-MM-DD; a DATE-TIME as a UTC instant. Floating times (and unknown TZIDs)
// read as UTC rather than in whatever zone this process runs in.
function isoOf(time: ICAL.Time | null): string | null {
  if (!time) return null;
  if (time.isDate) return time.toString();
  if (!time.zone || time.zone.tzid === 'floating') {
    return new Date(
      Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
    ).toISOString();
  }
  return time.toJSDate().toISOString();
}

/** The UID of an object's VTODO, or undefined when it holds none. */
export function vtodoUid(ics: string): string | undefined {
  try {
    const uid = masterTodo(parseCalendar(ics)).getFirstPropertyValue('uid');
    return typeof uid === 'string' ? uid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The reminder an object holds.
 * @param url the object's absolute URL
 * @throws NotAVtodoError when the text is not iCalendar with a VTODO
 */
export function readVtodo(ics: string, list: ReminderList, url: string): Reminder {
  const todo = masterTodo(parseCalendar(ics));
  const text = (name: string) => {
    const v = todo.getFirstPropertyValue(name);
    return typeof v === 'string' ? v : null;
  };
  const completedAt = isoOf(timeValue(todo, 'completed'));
  const stamp = isoOf(timeValue(todo, 'dtstamp'));
  const priority = todo.getFirstPropertyValue('priority');
  return {
    id: text('uid') ?? url,
    title: text('summary') ?? '',
    notes: text('description'),
    dueDate: isoOf(timeValue(todo, 'due')),
    completed: text('status')?.toUpperCase() === 'COMPLETED' || completedAt !== null,
    completedAt,
    priority: rfc5545ToApple(typeof priority === 'number' ? priority : null),
    list: { id: list.id, name: list.name },
    createdAt: isoOf(timeValue(todo, 'created')) ?? stamp,
    updatedAt: isoOf(timeValue(todo, 'last-modified')) ?? stamp,
    url,
  };
}

function utc(date: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(date, true);
}

// 'YYYY-MM-DD' becomes a DATE, anything else a UTC DATE-TIME.
function dueTime(value: string): ICAL.Time {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return ICAL.Time.fromDateString(value);
  return utc(new Date(value));
}

function setOrRemove(todo: ICAL.Component, name: string, value: string | number | null) {
  if (value === null) todo.removeAllProperties(name);
  else todo.updatePropertyWithValue(name, value);
}

// A time property replaced whole, so an old TZID or VALUE parameter cannot outlive its value.
function setTime(todo: ICAL.Component, name: string, value: ICAL.Time | null) {
  todo.removeAllProperties(name);
  if (value === null) return;
  const property = new ICAL.Property(name, todo);
  property.setValue(value);
  todo.addProperty(property);
}

/**
 * The object's text with `patch` applied to its VTODO: SUMMARY, DUE (a DTSTART follows it so the
 * to-do stays valid, RFC 5545 section 3.8.2.3), STATUS/COMPLETED/PERCENT-COMPLETE (checking stores
 * a completed date, unchecking clears it), PRIORITY; LAST-MODIFIED and DTSTAMP become `now`,
 * SEQUENCE goes up by one.
 * @throws NotAVtodoError when the text is not iCalendar with a VTODO
 */
export function editVtodo(ics: string, patch: Omit<ReminderPatch, 'listId'>, now: Date): string {
  const calendar = parseCalendar(ics);
  const todo = masterTodo(calendar);
  if (patch.title !== undefined) todo.updatePropertyWithValue('summary', patch.title);
  if (patch.dueDate !== undefined) {
    const due = patch.dueDate === null ? null : dueTime(patch.dueDate);
    setTime(todo, 'due', due);
    if (due && todo.hasProperty('dtstart')) setTime(todo, 'dtstart', due.clone());
  }
  if (patch.completed !== undefined) {
    todo.updatePropertyWithValue('status', patch.completed ? 'COMPLETED' : 'NEEDS-ACTION');
    setTime(todo, 'completed', patch.completed ? utc(now) : null);
    setOrRemove(todo, 'percent-complete', patch.completed ? 100 : null);
  }
  if (patch.priority !== undefined) {
    const rfc = appleToRfc5545(patch.priority);
    setOrRemove(todo, 'priority', rfc === 0 ? null : rfc);
  }
  setTime(todo, 'last-modified', utc(now));
  setTime(todo, 'dtstamp', utc(now));
  const sequence = todo.getFirstPropertyValue('sequence');
  todo.updatePropertyWithValue('sequence', (typeof sequence === 'number' ? sequence : 0) + 1);
  return calendar.toString();
}
