/**
 * In the browser: naming a meeting's speakers from the transcript. A click on a speaker's name
 * renames that speaker everywhere (transcript cards, summary, action-item owners); picking another
 * speaker merges the two; Undo in the toast puts the earlier names back; a reload keeps them.
 */
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { TRANSCRIPT, createMeeting, mode, type Meeting } from '../fixtures/meeting-view';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

/** A meeting of three labelled speakers, a summary that names one, an action item it owns. */
async function labelledMeeting(page: Page): Promise<Meeting> {
  const meeting = await createMeeting(page, {
    title: 'Budget and offsite',
    participants: ['Speaker 1', 'Speaker 2', 'Speaker 3'],
    transcript: TRANSCRIPT,
    summary: '## Decisions\n\n- Speaker 2 sends the updated budget to finance by Friday.',
  });
  await api(page, 'PATCH', `/api/meetings/${meeting.id}`, {
    calendarEventId: 'evt-budget',
    calendarEventTitle: 'Budget and offsite',
    calendarEventAttendees: [
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'ada@example.com', name: 'Ada Lovelace' },
    ],
  });
  await api(page, 'POST', '/api/todos', {
    title: 'Send the updated budget to finance',
    assignedTo: 'Speaker 2',
    meetingId: meeting.id,
  });
  return meeting;
}

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');

test('rename a speaker everywhere, merge two speakers, undo', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await labelledMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);
  await mode(page, 'Transcript').click();
  await expect(page.getByText('5 turns · 3 speakers')).toBeVisible();

  // Rename Speaker 2 by picking an invited attendee.
  await cards(page).nth(1).getByRole('button', { name: 'Rename Speaker 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename speaker' });
  await expect(dialog.getByLabel('Name of Speaker 2')).toHaveValue('Speaker 2');
  await expect(dialog.getByLabel('Name of Speaker 2')).toBeFocused();
  await expect(dialog.getByRole('group', { name: 'Speakers in this meeting' })).toContainText(
    'Speaker 3',
  );
  await shootStates(page, 'speaker-rename-dialog');
  await dialog.getByRole('button', { name: 'Grace Hopper', exact: true }).click();
  await expect(dialog.getByLabel('Name of Speaker 2')).toHaveValue('Grace Hopper');
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Renamed Speaker 2 to Grace Hopper')).toBeVisible();
  // Both of her turns, and nothing left under the old label.
  await expect(cards(page).filter({ hasText: 'Grace Hopper' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Rename Speaker 2' })).toHaveCount(0);
  await shootStates(page, 'speaker-renamed-transcript');

  // The summary and the action item's owner say the name.
  await mode(page, 'Summary').click();
  await expect(page.getByText('Grace Hopper sends the updated budget')).toBeVisible();
  await mode(page, 'Action Items').click();
  await expect(page.getByText('Grace Hopper', { exact: true })).toBeVisible();

  // Speaker 3 was Grace too: typing her name merges the two speakers.
  await mode(page, 'Transcript').click();
  await page.getByRole('button', { name: 'Rename Speaker 3' }).click();
  const field = dialog.getByLabel('Name of Speaker 3');
  await field.fill('grace hopper');
  await expect(dialog.getByText('Speaker 3 and Grace Hopper will be one speaker.')).toBeVisible();
  await shootStates(page, 'speaker-merge-dialog');
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Merged Speaker 3 into Grace Hopper')).toBeVisible();
  await expect(page.getByText('5 turns · 2 speakers')).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Grace Hopper' })).toHaveCount(3);

  // Undo the merge: Speaker 3 is back, Grace keeps her own turns.
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Merged Speaker 3' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('Speaker names restored')).toBeVisible();
  await expect(page.getByText('5 turns · 3 speakers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename Speaker 3' })).toBeVisible();

  // The names are the meeting's: a reload shows them.
  await page.reload();
  await mode(page, 'Transcript').click();
  await expect(cards(page).filter({ hasText: 'Grace Hopper' })).toHaveCount(2);
});

test('a name with a colon is refused in the dialog and nothing changes', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await labelledMeeting(page);
  await page.goto(`/meeting/${meeting.id}?view=transcript`);
  await page.getByRole('button', { name: 'Rename Speaker 1' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Rename speaker' });
  await dialog.getByLabel('Name of Speaker 1').fill('Chair: Ada');
  await dialog.getByLabel('Name of Speaker 1').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('A name cannot contain a colon or brackets');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rename Speaker 1' }).first()).toBeFocused();
  const stored = await api<Meeting & { speakerNames: Record<string, string> }>(
    page,
    'GET',
    `/api/meetings/${meeting.id}`,
  );
  expect(stored.speakerNames).toEqual({});
});
