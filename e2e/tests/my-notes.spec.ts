/**
 * My notes in Debian's Chromium against the real server: written before Start and during a
 * recording (the fake microphone plays JFK), kept through a reload mid-recording, Alt+N between
 * the notes and the recorder's controls, and Summary mode's 'Show' toggle on a meeting's page.
 * axe (light and dark, 1280 and 375 px) on both screens; screenshots when RECORDER_SHOTS is set.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { FAKE_MICROPHONE } from '../fixtures/audio';
import { createRichMeeting } from '../fixtures/meeting-view';
import { MEETING_URL, meetingIdOf, recordUntil } from '../fixtures/recorder';
import { shootStates } from '../fixtures/screenshots';
import { signUp } from '../fixtures/session';

interface StoredBlock {
  id: string;
  phase: 'before' | 'during' | 'after';
  t: number | null;
  markdown: string;
}

/** The blocks this browser keeps for meeting `id` (IndexedDB 'summy-notes', store 'drafts'). */
function storedBlocks(page: Page, id: string): Promise<StoredBlock[]> {
  // A string: the e2e TypeScript project has no DOM library.
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('summy-notes');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('drafts').objectStore('drafts')
        .get(${JSON.stringify(`meeting:${id}`)});
      get.onerror = () => reject(get.error);
      get.onsuccess = () => { open.result.close(); resolve(get.result ? get.result.blocks : []); };
    };
  })`);
}

const editor = (page: Page) => page.getByTestId('my-notes-editor');
const status = (page: Page) => page.getByTestId('my-notes-status');

test.use(FAKE_MICROPHONE);

test('notes written before and during a recording survive a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await expect(page.getByText('Ready to start recording')).toBeVisible();

  // Before Start: an agenda, kept in this browser.
  await shootStates(page, 'notes-idle');
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type('## Agenda');
  await expect(status(page)).toHaveText('Saved on this device');
  await shootStates(page, 'notes-before-start');

  await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
  await expect(page).toHaveURL(MEETING_URL);
  const id = meetingIdOf(page);
  // Focus goes to the notes, which hold the agenda.
  await expect(editor(page)).toBeFocused();
  await expect(editor(page)).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
  await expect(editor(page).getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await recordUntil(page, 2);

  // During: a bullet and a checkbox, by Markdown shortcuts as people type them.
  await page.keyboard.press('Enter');
  await page.keyboard.type('- Hiring plan');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('[ ] Ann sends the deck');
  await expect(editor(page).getByRole('checkbox')).toHaveCount(1);
  await expect(status(page)).toHaveText(/^Saved/);

  // Alt+N: to the recorder's controls and back.
  await page.keyboard.press('Alt+KeyN');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  await page.keyboard.press('Alt+KeyN');
  await expect(editor(page)).toBeFocused();

  const axe = createAxeScanner();
  await axe.scan(page, 'recording with My notes');
  expect(axe.report()).toBe('');
  await shootStates(page, 'notes-recording');

  await expect
    .poll(async () => (await storedBlocks(page, id)).map((b) => [b.markdown, b.phase]))
    .toEqual([
      ['## Agenda', 'before'],
      ['- Hiring plan', 'during'],
      ['- [ ] Ann sends the deck', 'during'],
    ]);
  const during = (await storedBlocks(page, id))[1]!;
  expect(during.t).toBeGreaterThanOrEqual(1000);

  // A reload mid-recording: the notes are still there (Summary mode opens on My notes, as
  // there is no summary yet), and still in this browser.
  // The recovery dialog offers the unfinished audio on top (the page behind it is inert, so
  // the notes are found by their elements); recovering it keeps the notes.
  await page.reload();
  const written = async () => {
    await expect(editor(page).locator('h2')).toHaveText('Agenda');
    await expect(editor(page).locator('ul:not([data-type]) li')).toHaveText('Hiring plan');
    const task = editor(page).locator('ul[data-type="taskList"] li');
    await expect(task.locator('> div')).toHaveText('Ann sends the deck');
    await expect(task.locator('input[type="checkbox"]')).not.toBeChecked();
  };
  await written();
  const dialog = page.getByRole('alertdialog', { name: 'Unfinished recording found' });
  await dialog.getByRole('button', { name: 'Recover recording' }).click();
  await expect(page.getByText('Recording recovered')).toBeVisible();
  await written();
  expect((await storedBlocks(page, id)).map((b) => b.id)).toContain(during.id);

  // With the notes routes on the server (GET/PUT /api/meetings/:id/notes), the server has the
  // same blocks; where the routes are not there, only the browser's copy above is checked.
  const answer = await page.request.get(`/api/meetings/${id}/notes`);
  if (answer.ok()) {
    const notes = (await answer.json()) as { blocks: StoredBlock[] };
    expect(notes.blocks.map((b) => b.markdown)).toEqual([
      '## Agenda',
      '- Hiring plan',
      '- [ ] Ann sends the deck',
    ]);
  }
});

test("a meeting's page: the Show toggle, and My notes written after", async ({ page }) => {
  await signUp(page);
  const meeting = await createRichMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);
  const show = page.getByRole('radiogroup', { name: 'Show' });
  await expect(show.getByRole('radio', { name: 'Summary' })).toBeChecked();
  await expect(page.getByRole('article', { name: 'Summary' })).toBeVisible();

  await show.getByRole('radio', { name: 'My notes' }).click();
  await expect(show.getByRole('radio', { name: 'My notes' })).toBeChecked();
  const notes = page.getByRole('textbox', { name: 'My notes' });
  await expect(notes).toBeVisible();
  await expect(page.getByRole('article', { name: 'Summary' })).toHaveCount(0);
  await expect(status(page)).toBeEmpty();

  // The toolbar: Heading, then Bold on a new line; each a toggle button.
  await notes.click();
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Heading' }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Each button hands focus back to the notes, so typing goes on.
  await expect(notes).toBeFocused();
  await page.keyboard.type('Follow-ups');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(notes).toBeFocused();
  await page.keyboard.type('Budget is final');
  await expect(notes.locator('strong')).toHaveText('Budget is final');
  // Link: an address typed in the popover becomes a link (https:// added).
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await toolbar.getByRole('button', { name: 'Link' }).click();
  await page.getByRole('textbox', { name: 'Link address' }).fill('example.com/doc');
  await page.keyboard.press('Enter');
  await expect(notes.getByRole('link', { name: 'example.com/doc' })).toHaveAttribute(
    'href',
    'https://example.com/doc',
  );
  await expect(status(page)).toHaveText(/^Saved/);
  await expect
    .poll(async () => (await storedBlocks(page, meeting.id)).map((b) => [b.markdown, b.phase]))
    .toEqual([
      ['## Follow-ups', 'after'],
      ['**Budget is final**', 'after'],
      ['[example.com/doc](https://example.com/doc)', 'after'],
    ]);

  const axe = createAxeScanner();
  await axe.scan(page, 'meeting page, My notes');
  expect(axe.report()).toBe('');
  await shootStates(page, 'notes-meeting');
});
