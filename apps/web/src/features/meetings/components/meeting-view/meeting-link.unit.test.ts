/**
 * Links into the meeting view (`?view=&turn=`), as the assistant's citations write them
 * (`citationHref`), and the address the bottom bar keeps.
 */
import { citationHref } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { parseMeetingLink, withCitedTurn, withMeetingMode } from './meeting-link';

const params = (search: string) => new URLSearchParams(search);
const MEETING = '6f1c0d3e-0000-4000-8000-000000000000';

describe('parseMeetingLink', () => {
  it('reads each mode', () => {
    for (const mode of ['summary', 'actions', 'transcript', 'ask'] as const) {
      expect(parseMeetingLink(params(`view=${mode}`), 10)).toEqual({ mode, turn: null });
    }
  });

  it('reads a transcript turn', () => {
    expect(parseMeetingLink(params('view=transcript&turn=0'), 2000)).toEqual({
      mode: 'transcript',
      turn: 0,
    });
    expect(parseMeetingLink(params('view=transcript&turn=1999'), 2000)).toEqual({
      mode: 'transcript',
      turn: 1999,
    });
  });

  it('names nothing without the parameters, or with an unknown mode and no turn', () => {
    expect(parseMeetingLink(params(''), 10)).toBeNull();
    expect(parseMeetingLink(params('tab=profile'), 10)).toBeNull();
    expect(parseMeetingLink(params('view=Transcript'), 10)).toBeNull();
    expect(parseMeetingLink(params('view=chat'), 10)).toBeNull();
    expect(parseMeetingLink(params('view='), 10)).toBeNull();
  });

  it.each([
    ['-1'],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    ['abc'],
    [''],
    ['10'],
    ['2000'],
    ['99999999999999999999'],
    ['Infinity'],
    ['NaN'],
  ])('ignores the invalid turn %j but keeps the mode', (turn) => {
    expect(parseMeetingLink(params(`view=transcript&turn=${turn}`), 10)).toEqual({
      mode: 'transcript',
      turn: null,
    });
    expect(parseMeetingLink(params(`turn=${turn}`), 10)).toBeNull();
  });

  it('ignores a turn when the transcript has no turns', () => {
    expect(parseMeetingLink(params('view=transcript&turn=0'), 0)).toEqual({
      mode: 'transcript',
      turn: null,
    });
  });

  it('takes a turn alone as the transcript, and drops it beside another mode', () => {
    expect(parseMeetingLink(params('turn=3'), 10)).toEqual({ mode: 'transcript', turn: 3 });
    expect(parseMeetingLink(params('view=bogus&turn=3'), 10)).toEqual({
      mode: 'transcript',
      turn: 3,
    });
    expect(parseMeetingLink(params('view=summary&turn=3'), 10)).toEqual({
      mode: 'summary',
      turn: null,
    });
  });

  it('opens what citationHref links to', () => {
    const open = (href: string) => parseMeetingLink(new URL(href, 'http://x').searchParams, 50);
    expect(
      open(citationHref({ meetingId: MEETING, section: 'transcript', turnIndex: 42 })),
    ).toEqual({ mode: 'transcript', turn: 42 });
    expect(
      open(citationHref({ meetingId: MEETING, section: 'transcript', turnIndex: null })),
    ).toEqual({ mode: 'transcript', turn: null });
    expect(open(citationHref({ meetingId: MEETING, section: 'summary' }))).toEqual({
      mode: 'summary',
      turn: null,
    });
    for (const section of ['actionItems', 'todos'] as const) {
      expect(open(citationHref({ meetingId: MEETING, section }))).toEqual({
        mode: 'actions',
        turn: null,
      });
    }
  });
});

describe('withMeetingMode', () => {
  it('names the mode, drops the turn and keeps other parameters', () => {
    expect(withMeetingMode(params('view=transcript&turn=5&chat=abc'), 'actions').toString()).toBe(
      'view=actions&chat=abc',
    );
    expect(withMeetingMode(params(''), 'ask').toString()).toBe('view=ask');
  });

  it('keeps the plain address for the default Summary', () => {
    expect(withMeetingMode(params('view=transcript&turn=5'), 'summary').toString()).toBe('');
  });
});

describe('withCitedTurn', () => {
  it('asks for the transcript at the turn, keeping other parameters', () => {
    const next = withCitedTurn(params('chat=abc'), 7);
    expect(next.toString()).toBe('chat=abc&view=transcript&turn=7');
    expect(parseMeetingLink(next, 8)).toEqual({ mode: 'transcript', turn: 7 });
  });

  it('replaces a mode and turn already named', () => {
    expect(withCitedTurn(params('view=summary&turn=2'), 0).toString()).toBe(
      'view=transcript&turn=0',
    );
  });
});
