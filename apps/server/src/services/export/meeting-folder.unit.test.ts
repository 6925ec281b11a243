/**
 * The account export's folder names and the meeting export's file names from meeting titles: a
 * title's invisible characters (a right-to-left override that shows 'gpj.exe' as 'exe.jpg',
 * zero-width spaces) do not reach the names people see in their file manager.
 */
import { describe, expect, it } from 'vitest';
import { exportFileName, fileNameFromTitle } from '@summy/core';
import { meetingFolder } from './export-account.ts';

const meeting = { id: '1a2b3c4d-0000-4000-8000-000000000000', date: '2026-12-02T09:30:00.000Z' };

/** Every bidirectional control: embeddings, overrides, isolates, marks and the Arabic letter mark. */
const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';

describe('names from titles', () => {
  it('drops bidirectional controls from account-export folders', () => {
    expect(meetingFolder({ ...meeting, title: 'Invoice \u202egpj.exe' })).toBe(
      'meetings/2026-12-02 Invoice gpj.exe (1a2b3c4d)/',
    );
    expect(meetingFolder({ ...meeting, title: `Q3${BIDI} review` })).toBe(
      'meetings/2026-12-02 Q3 review (1a2b3c4d)/',
    );
    // Nothing but controls left: the fallback name.
    expect(meetingFolder({ ...meeting, title: BIDI })).toBe(
      'meetings/2026-12-02 Meeting (1a2b3c4d)/',
    );
  });

  it('drops other invisible format characters, keeps the joiner of emoji and visible text', () => {
    // Zero-width space, soft hyphen, word joiner, byte order mark.
    expect(fileNameFromTitle('Road\u200bmap\u00ad sync\u2060\ufeff')).toBe('Roadmap sync');
    expect(fileNameFromTitle('Family 👨\u200d👩\u200d👧 call')).toBe(
      'Family 👨\u200d👩\u200d👧 call',
    );
    expect(fileNameFromTitle('שלום Hello مرحبا')).toBe('שלום Hello مرحبا');
    expect(fileNameFromTitle('Plan:\tA/B\n<test>?')).toBe('Plan A B test');
  });

  it('cleans meeting-export file names the same way', () => {
    expect(exportFileName('Invoice \u202egpj.exe', 'pdf')).toBe('Invoice gpj.exe.pdf');
    expect(exportFileName('\u200f\u202e...', 'md')).toBe('Meeting.md');
  });
});
