import { describe, expect, it } from 'vitest';
import { isMeetingComplete, isNotYetGenerated, PLACEHOLDER_PHRASES } from './completeness.ts';

describe('isMeetingComplete', () => {
  it('needs both transcript and summary longer than 10 characters after trimming', () => {
    expect(isMeetingComplete({ transcript: 'x'.repeat(11), summary: 'y'.repeat(11) })).toBe(true);
    expect(isMeetingComplete({ transcript: 'x'.repeat(10), summary: 'y'.repeat(11) })).toBe(false);
    expect(isMeetingComplete({ transcript: 'x'.repeat(11), summary: '   ' + 'y'.repeat(10) })).toBe(
      false,
    );
    expect(isMeetingComplete({ transcript: 'x'.repeat(30), summary: null })).toBe(false);
    expect(isMeetingComplete({})).toBe(false);
  });
});

describe('isNotYetGenerated', () => {
  it('treats content under 20 characters after trimming as not generated', () => {
    expect(isNotYetGenerated(null)).toBe(true);
    expect(isNotYetGenerated('  ' + 'a'.repeat(19) + '  ')).toBe(true);
    expect(isNotYetGenerated('a'.repeat(20))).toBe(false);
  });

  it('treats every placeholder phrase as not generated, in any case', () => {
    for (const phrase of PLACEHOLDER_PHRASES) {
      expect(isNotYetGenerated(`The summary here ${phrase.toUpperCase()} shortly, thanks`)).toBe(
        true,
      );
    }
  });

  it('accepts real content that merely resembles a phrase', () => {
    expect(isNotYetGenerated('We agreed the report will be shipped on Friday by Ana.')).toBe(false);
  });
});
