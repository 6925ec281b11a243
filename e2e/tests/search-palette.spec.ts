/**
 * In the browser: search everywhere. Ctrl+K opens the palette from anywhere; a transcript word
 * shows its meeting with the word marked; Enter opens the meeting scrolled to that transcript
 * turn, highlighted; a command (switch theme) runs; Escape closes; a text nothing matches says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { settled } from '../fixtures/settle';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

// The theme's colours fade in over a moment after the switch; the shots wait for them to settle.
const settle = (page: Page) => () => settled(page);

/** The turn that says the word searched for, deep enough to be off screen when the meeting opens. */
const QUOKKA_TURN = 90;

function transcript(): string {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++) {
    const text =
      i === QUOKKA_TURN
        ? 'Then the quokka migration goes ahead next sprint, once the rollout plan is written.'
        : `Item ${i + 1}: we went through the open items of the plan and agreed on the owners.`;
    lines.push(`Speaker ${(i % 3) + 1}: ${text}`);
  }
  return lines.join('\n\n');
}

async function seed(page: Page): Promise<string> {
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Platform roadmap review',
    date: '2026-11-24T09:30:00.000Z',
    duration: 45,
    transcript: transcript(),
    summary: 'The team agreed to move the billing service to the new cluster in December.',
  });
  await api(page, 'POST', '/api/meetings', {
    title: 'Quokka retro',
    date: '2026-11-27T14:00:00.000Z',
    duration: 30,
    transcript: 'Speaker 1: What went well with the launch?\n\nSpeaker 2: The dashboards.',
  });
  await api(page, 'POST', '/api/todos', { title: 'Write the quokka rollout plan' });
  await api(page, 'POST', '/api/todos', { title: 'Book the quokka enclosure review' });
  const chat = await api<{ id: string }>(page, 'POST', '/api/chats', {});
  await api(page, 'POST', `/api/chats/${chat.id}/messages`, {
    content: 'When does the quokka migration start?',
    isUser: true,
  });
  await api(page, 'PATCH', `/api/chats/${chat.id}`, { title: 'Quokka migration timing' });
  // The transcript is searchable once the background job has indexed it.
  await expect
    .poll(
      async () =>
        (
          await api<{ meetings: { id: string; section: string }[] }>(
            page,
            'GET',
            '/api/search?q=quokka',
          )
        ).meetings.some((m) => m.id === meeting.id && m.section === 'transcript'),
      { timeout: 30_000 },
    )
    .toBe(true);
  return meeting.id;
}

test('Ctrl+K finds a transcript word and opens the meeting at that turn', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meetingId = await seed(page);
  await page.goto('/home');
  // Signed in and drawn (the sidebar's list has loaded), so the layout listens for the shortcut.
  await expect(page.getByRole('link', { name: /Quokka retro/ }).first()).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search everywhere' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox', { name: 'Search everywhere' });
  await expect(input).toBeFocused();
  await expect(palette.getByText('Type to search meeting titles')).toBeVisible();
  await expect(palette.getByRole('option', { name: 'Open settings' })).toBeVisible();
  await shootStates(page, 'search-palette-hint', settle(page));

  // Typed as a person would, the last word half written.
  await input.pressSequentially('quokka migr');
  const meetings = palette.getByRole('group', { name: 'Meetings' });
  const hit = meetings.getByRole('option').filter({ hasText: 'Platform roadmap review' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(['quokka', 'migration']);
  await expect(palette.getByRole('group', { name: 'Chats' })).toContainText(
    'Quokka migration timing',
  );
  // The best match is selected: Enter opens it.
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await shootStates(page, 'search-palette-results', settle(page));

  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(
    new RegExp(`/meeting/${meetingId}\\?view=transcript&turn=${QUOKKA_TURN}$`),
  );
  const cited = page
    .getByRole('list', { name: 'Transcript turns' })
    .locator('article[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText('the quokka migration goes ahead');
  await expect(cited).toBeInViewport();

  // Arrows move through the groups: the to-dos follow the meetings.
  await page.keyboard.press('Control+k');
  await input.fill('quokka');
  const todos = palette.getByRole('group', { name: 'To-dos' });
  await expect(todos.getByRole('option')).toHaveCount(2);
  await expect(meetings.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(todos.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');

  // Nothing matches: said so, with the text.
  await input.fill('zebracorn');
  await expect(palette.getByRole('status')).toHaveText('No results for “zebracorn”');
  await shootStates(page, 'search-palette-empty', settle(page));

  // Escape closes.
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('a command from the palette switches the theme', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  await page.goto('/home');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // The sidebar's Search button opens the same palette.
  await page.getByRole('button', { name: /^Search/ }).click();
  const palette = page.getByRole('dialog', { name: 'Search everywhere' });
  await palette.getByRole('combobox').fill('dark');
  const command = palette.getByRole('group', { name: 'Commands' }).getByRole('option');
  await expect(command).toHaveText(['Switch theme: Dark']);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Ctrl+K toggles: a second press closes it again.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('option', { name: /Switch theme: Dark/ })).toContainText(
    'Current',
  );
  await page.keyboard.press('Control+k');
  await expect(palette).toBeHidden();
});
