/**
 * Summary mode's 'Show' toggle ('Summary' / 'My notes'): a radiogroup named 'Show' that opens on
 * the notes while the meeting is busy without a summary, else on the summary; no toggle without a notes editor.
 * Rendered to static HTML, so no DOM is needed.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultShow, SummaryOrNotes } from './summary-or-notes';

const SUMMARY =
  '## Decisions\n\n- The team ships the notes editor on Friday after the last review round.';

function render(summary: string | null, withNotes = true, busy = false) {
  return renderToStaticMarkup(
    <SummaryOrNotes
      summary={summary}
      busy={busy}
      notes={withNotes ? <p>NOTES EDITOR</p> : undefined}
    >
      <p>SUMMARY TEXT</p>
    </SummaryOrNotes>,
  );
}

/** The radio buttons' labels and whether each is checked. */
function radios(html: string): [string, string][] {
  return [...html.matchAll(/<button[^>]*role="radio"[^>]*aria-checked="(\w+)"[^>]*>([^<]*)</g)].map(
    (m) => [m[2]!, m[1]!],
  );
}

describe('Summary mode Show toggle', () => {
  it('opens on the summary when one exists', () => {
    const html = render(SUMMARY);
    expect(html).toMatch(
      /role="radiogroup"[^>]*aria-label="Show"|aria-label="Show"[^>]*role="radiogroup"/,
    );
    expect(radios(html)).toEqual([
      ['Summary', 'true'],
      ['My notes', 'false'],
    ]);
    expect(html).toContain('SUMMARY TEXT');
    expect(html).not.toContain('NOTES EDITOR');
  });

  it('opens on My notes while the meeting records or is processed without a summary', () => {
    const html = render(null, true, true);
    expect(radios(html)).toEqual([
      ['Summary', 'false'],
      ['My notes', 'true'],
    ]);
    expect(html).toContain('NOTES EDITOR');
    expect(html).not.toContain('SUMMARY TEXT');
    expect(defaultShow('', true)).toBe('notes');
    expect(defaultShow(SUMMARY, true)).toBe('summary');
  });

  it('opens on the summary of a finished meeting without one, where Regenerate is', () => {
    expect(radios(render(null))).toEqual([
      ['Summary', 'true'],
      ['My notes', 'false'],
    ]);
    expect(defaultShow(null, false)).toBe('summary');
  });

  it('shows the summary alone without a notes editor', () => {
    const html = render(SUMMARY, false);
    expect(html).not.toContain('radiogroup');
    expect(html).toContain('SUMMARY TEXT');
  });
});
