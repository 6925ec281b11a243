import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, plural } from './admin-format';

describe('administration formats', () => {
  it('writes sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(48_200)).toBe('48 KB');
    expect(formatBytes(1_250_000)).toBe('1.3 MB');
    expect(formatBytes(640_000_000)).toBe('640 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
  });

  it('writes a day, or the word for none', () => {
    expect(formatDay(null)).toBe('never');
    expect(formatDay(null, '—')).toBe('—');
    expect(formatDay('2026-12-07T12:00:00Z')).toMatch(/^Dec [67], 2026$/);
  });

  it('counts with a plural', () => {
    expect(plural(1, 'meeting')).toBe('1 meeting');
    expect(plural(3, 'meeting')).toBe('3 meetings');
  });
});
