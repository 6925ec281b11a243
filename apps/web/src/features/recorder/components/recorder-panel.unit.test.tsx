/**
 * The recording's Chat button ("buttons Pause/Resume, Chat, Save and Stop"): it opens the assistant
 * about the meeting being recorded through `onChat`, and falls back to a toast where no assistant
 * is composed. Buttons are captured instead of drawn, so their click handlers can be called without
 * a DOM.
 */
import type { ComponentProps, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RecorderContext, type RecorderContextValue } from '../hooks/use-recorder';
import { RecorderPanel, type RecorderNotesContext } from './recorder-panel';

const { buttons, toast } = vi.hoisted(() => ({
  buttons: [] as ComponentProps<'button'>[],
  toast: vi.fn(),
}));

vi.mock('@/components/ui/button', () => ({
  Button: (props: ComponentProps<'button'>) => {
    buttons.push(props);
    return <button type="button">{props.children}</button>;
  },
}));
vi.mock('@/lib/toast', () => ({ toast }));

/** The text of a captured button's children (icons are elements, labels strings). */
function label(children: ReactNode): string {
  return (Array.isArray(children) ? children : [children])
    .filter((child) => typeof child === 'string')
    .join('');
}

function recorder(overrides: Partial<RecorderContextValue> = {}): RecorderContextValue {
  const noop = () => undefined;
  const later = async () => undefined;
  return {
    state: 'recording',
    meetingId: 'meeting-1',
    title: 'Weekly sync',
    elapsedMs: 65_000,
    uploading: false,
    isStarting: false,
    recordedBytes: 0,
    analyser: null,
    callAnalyser: null,
    source: 'microphone',
    callEnded: false,
    chosenSource: 'microphone',
    chooseSource: noop,
    start: later,
    pause: noop,
    resume: noop,
    stop: later,
    save: later,
    checkPermission: later,
    uploadFile: later,
    ...overrides,
  };
}

/** Renders the panel and returns the Chat button's click handler. */
function chatClick(value: RecorderContextValue, onChat?: (meetingId: string) => void) {
  buttons.length = 0;
  const html = renderToStaticMarkup(
    <RecorderContext.Provider value={value}>
      <RecorderPanel onChat={onChat} />
    </RecorderContext.Provider>,
  );
  const chat = buttons.find((props) => label(props.children) === 'Chat');
  return { html, click: chat?.onClick as (() => void) | undefined };
}

describe('RecorderPanel Chat', () => {
  beforeEach(() => toast.mockClear());

  it('opens the assistant about the meeting being recorded', () => {
    const onChat = vi.fn();
    const { html, click } = chatClick(recorder(), onChat);
    expect(html).toContain('REC');
    expect(click).toBeDefined();
    click!();
    expect(onChat).toHaveBeenCalledExactlyOnceWith('meeting-1');
    expect(toast).not.toHaveBeenCalled();
  });

  it('works while paused too', () => {
    const onChat = vi.fn();
    const { html, click } = chatClick(recorder({ state: 'paused', meetingId: 'm-2' }), onChat);
    expect(html).toContain('PAUSED');
    click!();
    expect(onChat).toHaveBeenCalledExactlyOnceWith('m-2');
  });

  it('falls back to a toast without onChat', () => {
    const { click } = chatClick(recorder());
    click!();
    expect(toast).toHaveBeenCalledOnce();
    expect(toast.mock.calls[0]![0]).toBe('Meeting Assistant');
  });

  it('has no Chat button when nothing is being recorded', () => {
    expect(chatClick(recorder({ state: 'idle', meetingId: null }), vi.fn()).click).toBeUndefined();
  });
});

/** The panel's markup for `value`. */
function markup(value: RecorderContextValue): string {
  buttons.length = 0;
  return renderToStaticMarkup(
    <RecorderContext.Provider value={value}>
      <RecorderPanel />
    </RecorderContext.Provider>,
  );
}

describe('RecorderPanel sources', () => {
  it("offers 'Record from', with the call sources disabled where calls cannot be captured", () => {
    // Node has no getDisplayMedia, as Firefox and Safari have no tab audio.
    const html = markup(recorder({ state: 'idle', meetingId: null }));
    expect(html).toContain('Record from');
    const radios = [...html.matchAll(/<button[^>]*role="radio"[^>]*>.*?<\/button>/g)].map(
      (m) => m[0],
    );
    expect(radios.map((radio) => radio.replace(/<[^>]+>/g, ''))).toEqual([
      'Microphone',
      'Microphone and call audio',
      'Call audio only',
    ]);
    expect(radios[0]).toContain('aria-checked="true"');
    expect(radios[0]).not.toContain(' disabled=""');
    expect(radios[1]).toContain(' disabled=""');
    expect(radios[2]).toContain(' disabled=""');
    expect(html).toContain('not available, use Chrome or Edge');
  });

  it('shows a meter for each recorded source', () => {
    const both = markup(recorder({ source: 'microphone-and-call' }));
    expect(both).toContain('data-testid="level-meter"');
    expect(both).toContain('data-testid="level-meter-call"');
    expect(both).toContain('aria-label="Call audio level"');
    expect(both).toContain('>You<');

    const callOnly = markup(recorder({ source: 'call' }));
    expect(callOnly).not.toContain('data-testid="level-meter"');
    expect(callOnly).toContain('data-testid="level-meter-call"');

    const mine = markup(recorder({ source: 'microphone' }));
    expect(mine).toContain('data-testid="level-meter"');
    expect(mine).not.toContain('level-meter-call');

    const ended = markup(recorder({ source: 'microphone-and-call', callEnded: true }));
    expect(ended).toContain('Call ended');
    expect(ended).toContain('aria-label="Call audio level (ended)"');
  });
});

describe('RecorderPanel upload', () => {
  it('offers to mark the uploaded file as a call recording, unticked', () => {
    const { html } = chatClick(recorder({ state: 'idle', meetingId: null }));
    expect(html).toContain('Left is me, right is the call');
    expect(html).toMatch(
      /role="checkbox" aria-checked="false"[^>]*id="([^"]+)"[\s\S]*<label for="\1"/,
    );
  });
});

describe('RecorderPanel notes slot', () => {
  function notesOf(value: RecorderContextValue) {
    const notes = vi.fn((context: RecorderNotesContext) => <p>NOTES {context.meetingId}</p>);
    const html = renderToStaticMarkup(
      <RecorderContext.Provider value={value}>
        <RecorderPanel notes={notes} />
      </RecorderContext.Provider>,
    );
    return { html, notes };
  }

  it('gives the notes the meeting and recording time while recording or paused', () => {
    for (const state of ['recording', 'paused'] as const) {
      const { html, notes } = notesOf(recorder({ state }));
      expect(notes).toHaveBeenCalledWith({
        meetingId: 'meeting-1',
        recording: true,
        elapsedMs: 65_000,
      });
      expect(html).toContain('NOTES meeting-1');
      expect(html).toContain(state === 'paused' ? 'PAUSED' : 'REC');
    }
  });

  it("before Start the notes wait for the 'Notes' button", () => {
    buttons.length = 0;
    const { html, notes } = notesOf(recorder({ state: 'idle', meetingId: null, elapsedMs: 0 }));
    expect(notes).not.toHaveBeenCalled();
    expect(html).toContain('Ready to start recording');
    expect(buttons.some((props) => label(props.children) === 'Notes')).toBe(true);
  });

  it('draws no notes when the microphone is refused', () => {
    const { html, notes } = notesOf(recorder({ state: 'denied', meetingId: null }));
    expect(notes).not.toHaveBeenCalled();
    expect(html).not.toContain('NOTES');
  });
});

describe('RecorderPanel live slot', () => {
  function liveOf(value: RecorderContextValue) {
    const live = vi.fn((context: RecorderNotesContext) => <p>LIVE {context.meetingId}</p>);
    const notes = () => <p>NOTES</p>;
    const html = renderToStaticMarkup(
      <RecorderContext.Provider value={value}>
        <RecorderPanel notes={notes} live={live} />
      </RecorderContext.Provider>,
    );
    return { html, live };
  }

  it('shows the live text of the meeting after the controls and before the notes', () => {
    for (const state of ['recording', 'paused'] as const) {
      const { html, live } = liveOf(recorder({ state }));
      expect(live).toHaveBeenCalledWith({
        meetingId: 'meeting-1',
        recording: true,
        elapsedMs: 65_000,
      });
      const [stop, text, notes] = ['Stop', 'LIVE meeting-1', 'NOTES'].map((s) => html.indexOf(s));
      expect(stop).toBeGreaterThan(0);
      expect(text).toBeGreaterThan(stop!);
      expect(notes).toBeGreaterThan(text!);
    }
  });

  it('shows no live text before Start or when the microphone is refused', () => {
    for (const state of ['idle', 'denied'] as const) {
      const { html, live } = liveOf(recorder({ state }));
      expect(live).not.toHaveBeenCalled();
      expect(html).not.toContain('LIVE');
    }
  });
});
