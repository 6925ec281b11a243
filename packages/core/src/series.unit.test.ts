/** Reading a summary for 'Last time': its opening paragraph and its decisions, as plain text. */
import { describe, expect, it } from 'vitest';
import { plainMarkdown, summaryDecisions, summaryOverview } from './series.ts';

const SUMMARY = [
  '## Overview',
  '',
  'The team agreed on the **Q3 budget**',
  'and moved the _offsite_.',
  '',
  '## Key decisions',
  '',
  '- Hire an extra designer',
  '* Offsite moves to October; see [the page](https://example.com)',
  '1. Keep `snake_case` names',
  '-   ',
  '',
  '## Action items',
  '',
  '- Send the budget',
].join('\n');

describe('summaryOverview', () => {
  it('is the first plain paragraph, joined and unformatted', () => {
    expect(summaryOverview(SUMMARY)).toBe(
      'The team agreed on the Q3 budget and moved the offsite.',
    );
  });

  it('is null without a paragraph', () => {
    expect(summaryOverview(null)).toBeNull();
    expect(summaryOverview('## Decisions\n\n- One')).toBeNull();
    expect(summaryOverview('<br>')).toBeNull();
  });
});

describe('summaryDecisions', () => {
  it('lists the points of the first heading naming decisions, up to the next heading', () => {
    expect(summaryDecisions(SUMMARY)).toEqual([
      'Hire an extra designer',
      'Offsite moves to October; see the page',
      'Keep snake_case names',
    ]);
  });

  it('is empty without such a heading', () => {
    expect(summaryDecisions('## Overview\n\n- Decided nothing')).toEqual([]);
    expect(summaryDecisions(null)).toEqual([]);
  });
});

describe('plainMarkdown', () => {
  it('keeps link text and drops emphasis, code marks and tags, but not inner underscores', () => {
    expect(plainMarkdown('Ignore [this](javascript:alert(1)) <script>x</script>')).toBe(
      'Ignore this x',
    );
    expect(plainMarkdown('**bold**, *it*, __b__, _i_, `code`, file_name_here')).toBe(
      'bold, it, b, i, code, file_name_here',
    );
  });
});
