/**
 * One Linear issue in the panel (its priority badge), rendered to static markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEST_STATES, testIssue } from '../testing/issues';
import { LinearIssueRow } from './linear-issue-row';

const noop = () => undefined;

function render(overrides: Parameters<typeof testIssue>[0] = {}) {
  return renderToStaticMarkup(
    <LinearIssueRow issue={testIssue(overrides)} onToggle={noop} onEdit={noop} />,
  );
}

describe('LinearIssueRow', () => {
  it('shows title, identifier, state, priority and due date, with controls named for the issue', () => {
    const html = render();
    expect(html).toContain('Ship the quarterly report');
    expect(html).toContain('ENG-42');
    expect(html).toContain('Todo');
    expect(html).toContain('>High<');
    expect(html).toMatch(/Due Dec 3/);
    expect(html).toContain('aria-label="Complete Ship the quarterly report"');
    expect(html).toContain('aria-label="Edit Ship the quarterly report"');
    expect(html).toContain('aria-label="Open ENG-42 in Linear"');
    expect(html).toContain('href="https://linear.app/acme/issue/ENG-42/ship-the-quarterly-report"');
    expect(html).toContain('aria-checked="false"');
  });

  it("is checked when the state is named 'done' (any case) or of type completed", () => {
    for (const state of [
      TEST_STATES[3]!,
      { id: 's', name: 'DONE', type: 'started' },
      { id: 's', name: 'Shipped', type: 'completed' },
    ]) {
      const html = render({ state });
      expect(html).toContain('aria-checked="true"');
      expect(html).toContain('aria-label="Reopen Ship the quarterly report"');
    }
  });

  it('shows no priority badge for none and no due date when there is none', () => {
    const html = render({ priority: 0, dueDate: null });
    for (const label of ['Urgent', 'High', 'Medium', 'Low', 'Due ']) {
      expect(html).not.toContain(`>${label}`);
    }
  });
});
