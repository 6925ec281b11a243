/**
 * The panel's open/close state machine and its keyboard shortcut (closed, floating, sidebar;
 * toggled with Cmd+J; history reset 30 s after close).
 */
import { CHAT_HISTORY_RESET_MS } from '@summy/core';
import { describe, expect, it } from 'vitest';
import {
  initialPanelState,
  isApplePlatform,
  isChatToggleShortcut,
  panelReducer,
  type PanelAction,
  type PanelState,
} from './panel-state';

const run = (...actions: PanelAction[]): PanelState =>
  actions.reduce(panelReducer, initialPanelState());

describe('panel state', () => {
  it('opens floating, moves to the sidebar and back, and toggles back to the last mode', () => {
    let state = run({ type: 'open', now: 0 });
    expect(state).toMatchObject({ mode: 'floating', openCount: 1 });
    state = panelReducer(state, { type: 'setMode', mode: 'sidebar' });
    expect(state.mode).toBe('sidebar');
    state = panelReducer(state, { type: 'toggle', now: 1000 });
    expect(state).toMatchObject({ mode: 'closed', closedAt: 1000 });
    state = panelReducer(state, { type: 'toggle', now: 2000 });
    expect(state).toMatchObject({ mode: 'sidebar', closedAt: null, openCount: 2 });
    state = panelReducer(state, { type: 'setMode', mode: 'floating' });
    expect(state.mode).toBe('floating');
    // Opening an open panel is no new opening (focus stays where it is).
    expect(panelReducer(state, { type: 'open', now: 3000 }).openCount).toBe(2);
    // An explicit mode wins.
    expect(panelReducer(state, { type: 'open', options: { mode: 'sidebar' }, now: 1 }).mode).toBe(
      'sidebar',
    );
  });

  it('opens in the preferred mode until the person moves the panel themselves', () => {
    const preferred = { preferredMode: 'sidebar' } as const;
    let state = run({ type: 'open', options: preferred, now: 0 });
    expect(state.mode).toBe('sidebar');
    // An open panel stays where it is.
    state = run({ type: 'open', now: 0 }, { type: 'open', options: preferred, now: 1 });
    expect(state.mode).toBe('floating');
    // Moved back to floating by hand: that choice wins from now on.
    state = run(
      { type: 'open', options: preferred, now: 0 },
      { type: 'setMode', mode: 'floating' },
      { type: 'close', now: 1 },
      { type: 'open', options: preferred, now: 2 },
    );
    expect(state.mode).toBe('floating');
  });

  it('flags an opening more than 30 s after closing as a reset', () => {
    const closed = run({ type: 'open', now: 0 }, { type: 'close', now: 10_000 });
    const within = panelReducer(closed, { type: 'toggle', now: 10_000 + CHAT_HISTORY_RESET_MS });
    expect(within.requests.at(-1)).toMatchObject({ reset: false });
    const after = panelReducer(closed, {
      type: 'open',
      options: { meetingIds: ['m'] },
      now: 10_001 + CHAT_HISTORY_RESET_MS,
    });
    expect(after.requests.at(-1)).toMatchObject({ reset: true, options: { meetingIds: ['m'] } });
    // The very first opening, and one of an open panel, reset nothing.
    expect(run({ type: 'open', now: 99_999_999 }).requests[0]?.reset).toBe(false);
    expect(
      panelReducer(run({ type: 'open', now: 0 }), { type: 'open', now: 99_999_999 }).requests[1]
        ?.reset,
    ).toBe(false);
  });

  it('queues openings until the panel applied them', () => {
    const state = run(
      { type: 'open', options: { question: 'a' }, now: 0 },
      { type: 'open', options: { question: 'b' }, now: 1 },
    );
    expect(state.requests.map((r) => [r.id, r.options.question])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(panelReducer(state, { type: 'applied', upTo: 1 }).requests.map((r) => r.id)).toEqual([
      2,
    ]);
  });

  it('ignores a mode change while closed, and records the chat on screen', () => {
    expect(run({ type: 'setMode', mode: 'sidebar' }).mode).toBe('closed');
    const state = run({ type: 'chatId', chatId: 'c' });
    expect(state.chatId).toBe('c');
    expect(panelReducer(state, { type: 'chatId', chatId: 'c' })).toBe(state);
    expect(run({ type: 'close', now: 5 })).toEqual(initialPanelState());
  });
});

describe('Cmd/Ctrl+J', () => {
  const key = (init: Partial<KeyboardEvent>) => ({
    key: 'j',
    metaKey: false,
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  });

  it('is Cmd+J on Apple platforms and Ctrl+J elsewhere', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('iPhone')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(isApplePlatform('Win32')).toBe(false);
    expect(isChatToggleShortcut(key({ metaKey: true }), true)).toBe(true);
    expect(isChatToggleShortcut(key({ ctrlKey: true }), true)).toBe(false);
    expect(isChatToggleShortcut(key({ ctrlKey: true }), false)).toBe(true);
    expect(isChatToggleShortcut(key({ key: 'J', ctrlKey: true }), false)).toBe(true);
    expect(isChatToggleShortcut(key({ metaKey: true }), false)).toBe(false);
    expect(isChatToggleShortcut(key({ ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isChatToggleShortcut(key({ ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isChatToggleShortcut(key({ key: 'k', ctrlKey: true }), false)).toBe(false);
  });
});
