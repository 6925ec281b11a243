/**
 * In the browser: correcting what a transcript turn says. 'Edit text' opens the turn's text in
 * place; Ctrl+Enter saves and the toast's Undo puts the old text back; Escape cancels; focus goes
 * back to 'Edit text'; a draft survives its card leaving the virtualized list.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { TRANSCRIPT, createMeeting, type Meeting } from '../fixtures/meeting-view';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');

const OLD =
  'Thanks. I looked at the numbers and we can afford the extra designer if we delay the offsite.';
const NEW =
  'Thanks. I looked at the numbers and we can afford the extra illustrator if we delay the offsite.';

test('edit a turn, undo it, cancel with Escape', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createMeeting(page, { title: 'Budget', transcript: TRANSCRIPT });
  await page.goto(`/meeting/${meeting.id}?view=transcript`);
  const card = cards(page).nth(1);
  await expect(card).toContainText(OLD);

  // 'Edit text' shows on the hovered card.
  await shootStates(page, 'turn-edit-button', () => card.hover());
  // Keyboard: the card's 'Edit text' is reachable and opens the editor with the text, focused.
  await card.getByRole('button', { name: 'Edit text' }).focus();
  await page.keyboard.press('Enter');
  const field = card.getByRole('textbox', { name: 'Text of this turn' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(OLD);
  await field.fill(NEW);
  await shootStates(page, 'turn-edit-editing');
  const axe = createAxeScanner();
  await axe.scan(page, 'a turn being edited');
  expect(axe.report()).toBe('');
  await expect(field).toBeFocused();

  await field.press('Control+Enter');
  await expect(page.getByText('Turn text saved')).toBeVisible();
  await expect(field).toBeHidden();
  await expect(card).toContainText(NEW);
  await expect(card.getByRole('button', { name: 'Edit text' })).toBeFocused();
  const saved = await api<Meeting>(page, 'GET', `/api/meetings/${meeting.id}`);
  expect(saved.transcript).toBe(TRANSCRIPT.replace(OLD, NEW));

  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Turn text saved' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('Turn text restored')).toBeVisible();
  await expect(card).toContainText(OLD);
  const restored = await api<Meeting>(page, 'GET', `/api/meetings/${meeting.id}`);
  expect(restored.transcript).toBe(TRANSCRIPT);

  // Escape drops the draft; 'Cancel' too.
  await card.getByRole('button', { name: 'Edit text' }).click();
  await field.fill('Something else entirely.');
  await field.press('Escape');
  await expect(field).toBeHidden();
  await expect(card).toContainText(OLD);
  await expect(card.getByRole('button', { name: 'Edit text' })).toBeFocused();
  await card.getByRole('button', { name: 'Edit text' }).click();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(field).toBeHidden();
  await expect(card).toContainText(OLD);
});

test('a draft survives its card scrolling out of the virtualized list', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const paragraphs = Array.from(
    { length: 200 },
    (_, i) => `Speaker ${(i % 2) + 1}: Turn ${i + 1}: we agreed on the next step of the plan.`,
  );
  const meeting = await createMeeting(page, {
    title: 'Long one',
    transcript: paragraphs.join('\n\n'),
  });
  await page.goto(`/meeting/${meeting.id}?view=transcript`);
  const first = cards(page).first();
  await first.getByRole('button', { name: 'Edit text' }).click();
  await first.getByRole('textbox', { name: 'Text of this turn' }).fill('Turn 1: we agreed on it.');

  const scroller = page.locator('[data-slot="meeting-scroll"]');
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return page.getByText('Turn 200:').isVisible();
    })
    .toBe(true);
  await expect(page.getByRole('textbox', { name: 'Text of this turn' })).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  const field = page.getByRole('textbox', { name: 'Text of this turn' });
  await expect(field).toHaveValue('Turn 1: we agreed on it.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Turn text saved')).toBeVisible();
  await expect(cards(page).first()).toContainText('Turn 1: we agreed on it.');
});
