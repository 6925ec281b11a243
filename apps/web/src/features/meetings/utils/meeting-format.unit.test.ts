import { describe, expect, it } from 'vitest';
import { formatMeetingDuration, meetingState, participantsLine } from './meeting-format';

describe('formatMeetingDuration', () => {
  it('reads minutes as seconds, minutes or hours', () => {
    expect(formatMeetingDuration(0.5)).toBe('30 sec');
    expect(formatMeetingDuration(0.001)).toBe('1 sec');
    expect(formatMeetingDuration(12.4)).toBe('12 min');
    expect(formatMeetingDuration(65)).toBe('1 h 5 min');
    expect(formatMeetingDuration(120)).toBe('2 h');
  });

  it('leaves out a meeting with nothing recorded', () => {
    expect(formatMeetingDuration(0)).toBeNull();
    expect(formatMeetingDuration(-3)).toBeNull();
    expect(formatMeetingDuration(Number.NaN)).toBeNull();
  });
});

describe('participantsLine', () => {
  it('shows up to three names, then +N', () => {
    expect(participantsLine(['Ada', 'Grace'])).toBe('Ada, Grace');
    expect(participantsLine(['Ada', ' ', 'Grace', 'Alan', 'Barbara', 'Edsger'])).toBe(
      'Ada, Grace, Alan +2',
    );
  });

  it('answers null when nobody is known', () => {
    expect(participantsLine(undefined)).toBeNull();
    expect(participantsLine(['', '  '])).toBeNull();
  });
});

describe('meetingState', () => {
  it('puts recording before processing', () => {
    expect(meetingState({ isRecording: true, isProcessing: true })).toBe('recording');
    expect(meetingState({ isRecording: false, isProcessing: true })).toBe('processing');
    expect(meetingState({ isRecording: false, isProcessing: false })).toBe('ready');
  });
});
