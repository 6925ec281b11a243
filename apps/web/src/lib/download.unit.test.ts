import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name over the ASCII fallback, as the server writes both', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Caf_ review.pdf"; filename*=UTF-8''Caf%C3%A9%20review.pdf`,
      ),
    ).toBe('Café review.pdf');
  });

  it('reads a quoted or bare plain name, and a malformed escape falls back to it', () => {
    expect(fileNameFromDisposition('attachment; filename="Weekly sync.md"')).toBe('Weekly sync.md');
    expect(fileNameFromDisposition('attachment; filename=notes.txt')).toBe('notes.txt');
    expect(fileNameFromDisposition(`attachment; filename="a.txt"; filename*=UTF-8''%E0%A4`)).toBe(
      'a.txt',
    );
  });

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
