/**
 * The meeting view's notes of a recorded call: the echo count with its Show/Hide toggle, the
 * headphones hint from HEADPHONES_HINT_SHARE, when the call's audio ended, and an echo line's card,
 * rendered to static HTML.
 */
import { HEADPHONES_HINT_SHARE } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CallAudioEnded, CaptureNotes } from './capture-notes';
import { EchoCard } from './echo-card';
import { MeetingTranscript } from './meeting-transcript';

const echoed = [
  { start: 12, end: 15, text: 'can you hear me now' },
  { start: 40, end: 43, text: 'the numbers look fine' },
];
const HINT = 'Using speakers? Headphones give a cleaner transcript.';

function notes(capture: { echoed: typeof echoed; doubleTalkShare: number }, shown = false) {
  return renderToStaticMarkup(
    <CaptureNotes capture={capture} echoesShown={shown} onToggleEchoes={() => undefined} />,
  );
}

describe('CaptureNotes', () => {
  it('says how many lines were hidden, with a Show button not expanded', () => {
    const html = notes({ echoed, doubleTalkShare: 0 });
    expect(html).toContain('2 echoed lines hidden');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Show<\/button>/);
    expect(html).not.toContain(HINT);
  });

  it('offers Hide, expanded, once the lines are shown; one line in the singular', () => {
    const html = notes({ echoed: echoed.slice(0, 1), doubleTalkShare: 0 }, true);
    expect(html).toContain('1 echoed line hidden');
    expect(html).toMatch(/<button[^>]*aria-expanded="true"[^>]*>Hide<\/button>/);
  });

  it('suggests headphones from the double-talk share HEADPHONES_HINT_SHARE up', () => {
    expect(notes({ echoed: [], doubleTalkShare: HEADPHONES_HINT_SHARE })).toContain(HINT);
    const below = notes({ echoed: [], doubleTalkShare: HEADPHONES_HINT_SHARE - 0.01 });
    expect(below).toBe('');
    expect(notes({ echoed, doubleTalkShare: 0.5 })).not.toContain('0 echoed');
  });

  it('is shown in the transcript of a meeting with capture findings', () => {
    const html = renderToStaticMarkup(
      <MeetingTranscript
        turns={[{ index: 0, speaker: 'Ada', text: 'Hello there', offset: 0 }]}
        starts={[{ start: 0, exact: true }]}
        colorSlots={new Map([['Ada', 0]])}
        scrollElement={null}
        generating={false}
        progress={null}
        activeIndex={-1}
        capture={{ echoed, doubleTalkShare: 0.4 }}
        meetingId="m1"
      />,
    );
    expect(html).toContain('2 echoed lines hidden');
    expect(html).toContain(HINT);
  });
});

describe('CallAudioEnded', () => {
  it('tells when the call audio ended, as MM:SS', () => {
    expect(renderToStaticMarkup(<CallAudioEnded seconds={754.6} />)).toContain(
      'Call audio ended at 12:34',
    );
    expect(renderToStaticMarkup(<CallAudioEnded seconds={null} />)).toBe('');
  });
});

describe('EchoCard', () => {
  it('shows the line muted and marked Echo, with its time', () => {
    const html = renderToStaticMarkup(<EchoCard line={echoed[0]!} />);
    expect(html).toContain('>Echo<');
    expect(html).toContain('can you hear me now');
    expect(html).toContain('00:12');
    expect(html).toContain('text-muted-foreground');
  });
});
