/**
 * What the edit form sends to Linear: only changed fields, the title trimmed, and nothing at all
 * for an empty title ("Empty means cancel, with no save").
 */
import { describe, expect, it } from 'vitest';
import { testIssue } from '../testing/issues';
import { changedIssueFields } from './use-linear-issue-actions';

const issue = testIssue();
const unchanged = { title: issue.title, dueDate: issue.dueDate ?? '', stateId: issue.state.id };

describe('changedIssueFields', () => {
  it('sends nothing when nothing changed (trailing spaces included)', () => {
    expect(changedIssueFields(issue, unchanged)).toBeNull();
    expect(changedIssueFields(issue, { ...unchanged, title: `  ${issue.title} ` })).toBeNull();
  });

  it('sends the trimmed title alone when only the title changed', () => {
    expect(changedIssueFields(issue, { ...unchanged, title: '  Ship it  ' })).toEqual({
      title: 'Ship it',
    });
  });

  it('cancels the whole edit for an empty title', () => {
    expect(
      changedIssueFields(issue, { title: '   ', dueDate: '2027-01-01', stateId: 'state-done' }),
    ).toBeNull();
  });

  it('sends a new due date, a cleared one as null, and a new state', () => {
    expect(changedIssueFields(issue, { ...unchanged, dueDate: '2027-01-01' })).toEqual({
      dueDate: '2027-01-01',
    });
    expect(changedIssueFields(issue, { ...unchanged, dueDate: '' })).toEqual({ dueDate: null });
    expect(changedIssueFields(issue, { ...unchanged, stateId: 'state-done' })).toEqual({
      stateId: 'state-done',
    });
  });
});
