/**
 * The inline edit form (title, due date, state select, Save and Cancel), rendered to static markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEST_STATES, testIssue } from '../testing/issues';
import { LinearIssueEditForm } from './linear-issue-edit-form';

const noop = () => undefined;

describe('LinearIssueEditForm', () => {
  it('has labelled title, due date and state fields with the current values, Save and Cancel', () => {
    const html = renderToStaticMarkup(
      <LinearIssueEditForm
        issue={testIssue()}
        states={TEST_STATES}
        onSave={noop}
        onCancel={noop}
      />,
    );
    expect(html).toContain('aria-label="Edit ENG-42"');
    expect(html).toMatch(/<label[^>]*>Title<\/label>/);
    expect(html).toMatch(/<label[^>]*>Due date<\/label>/);
    expect(html).toMatch(/<label[^>]*>State<\/label>/);
    expect(html).toContain('value="Ship the quarterly report"');
    expect(html).toMatch(/type="date"[^>]*value="2026-12-03"|value="2026-12-03"[^>]*type="date"/);
    for (const state of TEST_STATES) expect(html).toContain(`>${state.name}</option>`);
    expect(html).toMatch(/<option value="state-todo" selected="">Todo<\/option>/);
    expect(html).toContain('>Save</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('offers the current state while the team states load, with the select disabled', () => {
    const html = renderToStaticMarkup(
      <LinearIssueEditForm issue={testIssue()} states={undefined} onSave={noop} onCancel={noop} />,
    );
    expect(html).toMatch(/<select[^>]*disabled=""/);
    expect(html).toContain('>Todo</option>');
    expect(html).not.toContain('>Done</option>');
  });
});
