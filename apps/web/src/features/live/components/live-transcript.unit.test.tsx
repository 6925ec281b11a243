/**
 * The live panel as the person sees it: the region 'Live transcript' with its 'Live (draft)'
 * badge, one row per segment in `seq` order labelled 'You' or 'Call' with its text muted, a polite
 * log a keyboard can scroll, and the words for an empty list and the states 'off', 'busy' and
 * 'ended'; the person's own setting shown as 'off' beside the recorder before the server says
 * anything, and nothing in the meeting view for a meeting that never had live text. Rendered to
 * static markup.
 */
import { LIVE_TEXT, type LiveSegment, type LiveTranscript as Live } from '@summy/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { liveTranscriptQueryKey } from '../api/get-live-transcript';
import { recordingPreferencesQueryKey } from '../api/get-recording-preferences';
import {
  LiveTranscript,
  LiveTranscriptView,
  type LiveTranscriptViewProps,
} from './live-transcript';

const MEETING = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';

const seg = (seq: number, channel: 0 | 1, text: string): LiveSegment => ({
  seq,
  channel,
  start: seq * 3,
  end: seq * 3 + 2,
  text,
});

const view = (props: Partial<LiveTranscriptViewProps>) =>
  renderToStaticMarkup(<LiveTranscriptView state="live" segments={[]} {...props} />);

/** The rows' seq, label and text, in the order drawn. */
function rows(html: string) {
  return [
    ...html.matchAll(
      /<li[^>]*data-seq="(\d+)"[^>]*><span[^>]*>([^<]*)<\/span><span class="([^"]*)">([^<]*)</g,
    ),
  ].map((m) => ({
    seq: Number(m[1]),
    label: m[2],
    muted: m[3]!.includes('text-muted-foreground'),
    text: m[4],
  }));
}

describe('LiveTranscriptView', () => {
  it("draws each segment as a row labelled 'You' or 'Call' with its text muted", () => {
    const html = view({
      segments: [seg(0, 0, 'shall we start'), seg(1, 1, 'yes go ahead'), seg(2, 0, 'right')],
    });
    expect(html).toMatch(/<section aria-label="Live transcript" data-testid="live-transcript"/);
    expect(html).toContain('data-testid="live-draft-badge"');
    expect(html).toContain('>Live (draft)<');
    expect(rows(html)).toEqual([
      { seq: 0, label: 'You', muted: true, text: 'shall we start' },
      { seq: 1, label: 'Call', muted: true, text: 'yes go ahead' },
      { seq: 2, label: 'You', muted: true, text: 'right' },
    ]);
    expect(html).not.toContain('data-testid="live-transcript-status"');
  });

  it("gives each row its citation anchor and marks the row the URL's hash cites", () => {
    const html = view({ segments: [seg(0, 0, 'a'), seg(1, 1, 'b')], hash: '#live-1' });
    expect(html).toMatch(/<li id="live-0"[^>]*data-seq="0"/);
    const cited = /<li id="live-1"[^>]*>/.exec(html)?.[0] ?? '';
    expect(cited).toContain('aria-current="true"');
    expect(/<li id="live-0"[^>]*>/.exec(html)?.[0]).not.toContain('aria-current');
  });

  it('is a polite log that announces added rows only and scrolls by keyboard', () => {
    const html = view({ segments: [seg(0, 0, 'hello')] });
    const log = /<div[^>]*role="log"[^>]*>/.exec(html)?.[0] ?? '';
    expect(log).toContain('aria-live="polite"');
    expect(log).toContain('aria-relevant="additions"');
    expect(log).toContain('tabindex="0"');
    expect(log).toContain('overflow-y-auto');
  });

  it('says so while nothing was said yet', () => {
    for (const state of ['live', 'none'] as const) {
      const html = view({ state });
      expect(html).toContain(LIVE_TEXT.empty);
      expect(html).toContain('data-testid="live-draft-badge"');
      expect(rows(html)).toEqual([]);
    }
  });

  it("says why there is no live text when it is 'off' or 'busy', without the draft badge", () => {
    for (const [state, text] of [
      ['off', LIVE_TEXT.off],
      ['busy', LIVE_TEXT.busy],
    ] as const) {
      const html = view({ state });
      expect(html).toContain(text);
      expect(html).not.toContain(LIVE_TEXT.empty);
      expect(html).not.toContain('live-draft-badge');
    }
  });

  it("keeps the draft under the 'ended' words until the final transcript replaces it", () => {
    const html = view({ state: 'ended', segments: [seg(0, 0, 'last words')] });
    expect(html).toContain(LIVE_TEXT.ended);
    expect(html).toContain('live-draft-badge');
    expect(rows(html).map((r) => r.text)).toEqual(['last words']);
  });
});

describe('LiveTranscript', () => {
  function render(place: 'recorder' | 'meeting', live?: Live, liveTranscript?: boolean) {
    const client = new QueryClient();
    if (live) client.setQueryData(liveTranscriptQueryKey(MEETING), live);
    if (liveTranscript !== undefined)
      client.setQueryData(recordingPreferencesQueryKey, { liveTranscript });
    return renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <LiveTranscript meetingId={MEETING} place={place} />
      </QueryClientProvider>,
    );
  }

  it('shows the held segments in seq order', () => {
    const html = render('recorder', { state: 'live', segments: [seg(0, 0, 'a'), seg(1, 1, 'b')] });
    expect(rows(html).map((r) => r.seq)).toEqual([0, 1]);
  });

  it("beside the recorder, says 'off' when the person turned live text off", () => {
    expect(render('recorder', { state: 'none', segments: [] }, false)).toContain(LIVE_TEXT.off);
    expect(render('recorder', undefined, false)).toContain(LIVE_TEXT.off);
    expect(render('recorder', undefined, true)).toContain(LIVE_TEXT.empty);
    // The server's word wins once it has one.
    expect(render('recorder', { state: 'busy', segments: [] }, false)).toContain(LIVE_TEXT.busy);
  });

  it('draws nothing in the meeting view for a meeting without live text', () => {
    expect(render('meeting', { state: 'none', segments: [] })).toBe('');
    expect(render('meeting', { state: 'ended', segments: [] })).toBe('');
    expect(render('meeting')).toBe('');
    expect(render('meeting', { state: 'ended', segments: [seg(0, 0, 'x')] })).toContain(
      LIVE_TEXT.ended,
    );
  });
});
