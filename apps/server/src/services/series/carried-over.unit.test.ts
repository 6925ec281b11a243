/**
 * The summary's 'Carried over' section: likely-done items first with their quote, then the open
 * ones, ten at most and a count of the rest; and finding it again in a stored summary so a
 * regenerated summary keeps it.
 */
import { describe, expect, it } from 'vitest';
import type { CarriedItem } from '@summy/core';
import {
  carriedOverMarkdown,
  carriedOverSection,
  withCarriedOver,
} from './find-series-follow-up.ts';

const item = (n: number, assignedTo: string | null = null): CarriedItem => ({
  id: `item-${n}`,
  title: `Item ${n}`,
  assignedTo,
  meetingId: 'm',
  meetingTitle: 'Weekly',
  meetingDate: '2026-11-20T10:00:00.000Z',
});

describe('carriedOverMarkdown', () => {
  it('lists likely-done items with their quote, then the open ones', () => {
    const md = carriedOverMarkdown({
      carried: [item(1, 'Ada'), item(2), item(3, 'Grace')],
      likelyDone: [{ todoId: 'item-3', evidence: 'Done with item three.', position: 4 }],
    });
    expect(md).toBe(
      [
        '## Carried over',
        '',
        '- **Likely done:** Item 3 (Grace): “Done with item three.”',
        '- **Still open:** Item 1 (Ada)',
        '- **Still open:** Item 2',
      ].join('\n'),
    );
  });

  it('lists ten at most, then how many more; nothing when nothing is carried', () => {
    const carried = Array.from({ length: 13 }, (_, i) => item(i + 1));
    const md = carriedOverMarkdown({ carried, likelyDone: [] });
    expect(md.split('\n').filter((l) => l.startsWith('- **'))).toHaveLength(10);
    expect(md.endsWith('- And 3 more open from earlier meetings')).toBe(true);
    expect(carriedOverMarkdown({ carried: [], likelyDone: [] })).toBe('');
  });
});

describe('keeping the section', () => {
  const section = '## Carried over\n\n- **Still open:** Item 1';

  it('appends it after a blank line, and leaves a summary alone without one', () => {
    expect(withCarriedOver('## Overview\n\nText.\n\n', section)).toBe(
      `## Overview\n\nText.\n\n${section}`,
    );
    expect(withCarriedOver('Text.', '')).toBe('Text.');
  });

  it('finds it in a stored summary, up to the next section', () => {
    const stored = `## Overview\n\nText.\n\n${section}\n\n## Appendix\n\nMore.`;
    expect(carriedOverSection(stored)).toBe(section);
    expect(carriedOverSection(`Text.\n\n${section}\n`)).toBe(section);
    expect(carriedOverSection('## Overview\n\nText.')).toBe('');
    expect(carriedOverSection(null)).toBe('');
    // A regenerated summary keeps it once.
    const again = withCarriedOver('## Overview\n\nNew text.', carriedOverSection(stored));
    expect(again.match(/## Carried over/g)).toHaveLength(1);
  });
});
