/**
 * The palette's pure parts: which commands typed words name, where each result leads (a meeting
 * at its transcript turn, a to-do, a contact, a chat), and its shortcut (Cmd+K on Apple, Ctrl+K
 * elsewhere).
 */
import type { SearchResults } from '@summy/core';
import { Moon, Settings } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { matchCommands, type PaletteCommand } from './palette-commands';
import { meetingHref, resultTargets } from './palette-targets';
import { isSearchShortcut } from './search-shortcut';

const command = (id: string, label: string, keywords: string[] = []): PaletteCommand => ({
  id,
  label,
  icon: id === 'settings' ? Settings : Moon,
  keywords,
  run: () => {},
});
const commands = [
  command('settings', 'Open settings', ['preferences']),
  command('theme-dark', 'Switch theme: Dark', ['appearance']),
];

const A = '0b8c1d9e-1111-4a4a-9b9b-222222222222';
const none = { text: 'x', ranges: [] };
const meeting = (section: 'title' | 'transcript' | 'summary', position: number | null) => ({
  id: A,
  title: none,
  date: '2026-11-02T10:00:00.000Z',
  section,
  snippet: null,
  position,
  start: null,
  speaker: null,
});

describe('palette commands', () => {
  it('lists every command before typing, then those whose words start with each typed word', () => {
    expect(matchCommands(commands, []).map((c) => c.id)).toEqual(['settings', 'theme-dark']);
    expect(matchCommands(commands, ['sett']).map((c) => c.id)).toEqual(['settings']);
    expect(matchCommands(commands, ['switch', 'da']).map((c) => c.id)).toEqual(['theme-dark']);
    expect(matchCommands(commands, ['appear']).map((c) => c.id)).toEqual(['theme-dark']);
    // Inside a word is not a start: 'ttings' names nothing.
    expect(matchCommands(commands, ['ttings'])).toEqual([]);
  });
});

describe('palette targets', () => {
  it('opens a meeting at its transcript turn, its summary, or its top', () => {
    expect(meetingHref(meeting('transcript', 42))).toBe(`/meeting/${A}?view=transcript&turn=42`);
    expect(meetingHref(meeting('summary', 0))).toBe(`/meeting/${A}?view=summary`);
    expect(meetingHref(meeting('title', null))).toBe(`/meeting/${A}`);
  });

  it('leads to-dos and contacts to their screens, in the groups’ order', () => {
    const results: SearchResults = {
      query: 'x',
      meetings: [meeting('transcript', 3)],
      todos: [{ id: A, title: none, completed: false, meetingId: null }],
      contacts: [
        { id: A, name: null, email: { text: 'ada@acme.test', ranges: [] }, photoUrl: null },
      ],
      chats: [],
    };
    expect(resultTargets(results)).toEqual([
      { kind: 'href', value: `meeting:${A}`, href: `/meeting/${A}?view=transcript&turn=3` },
      { kind: 'href', value: `todo:${A}`, href: `/todos?todo=${A}` },
      { kind: 'href', value: `contact:${A}`, href: '/contacts?q=ada%40acme.test' },
    ]);
  });
});

describe('search shortcut', () => {
  const key = (over: Partial<KeyboardEvent>) => ({
    key: 'k',
    metaKey: false,
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    ...over,
  });
  it('is Cmd+K on Apple platforms and Ctrl+K elsewhere, never with Shift or Alt', () => {
    expect(isSearchShortcut(key({ metaKey: true }), true)).toBe(true);
    expect(isSearchShortcut(key({ ctrlKey: true }), true)).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'j', ctrlKey: true }), false)).toBe(false);
  });
});
