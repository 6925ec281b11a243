/**
 * My notes in Debian's Chromium against real servers: written before Start and during a recording
 * (the fake microphone plays JFK), kept through a reload mid-recording (in the browser and on the
 * server), Alt+N between the notes and the recorder's controls; then, on a Summy of its own pointed
 * at the fake OpenAI (@summy/fakes/llm, whose default script answers the notes task), the Summary
 * writes the notes around them: the person's lines as theirs, the model's muted, with citations
 * that open the transcript at their turn, and 'Regenerate summary' keeps the notes. Without a
 * language model (the worker's server), the notes as written, then 'Also discussed'. Summary
 * mode's 'Show' toggle on a meeting's page. axe (light and dark, 1280 and 375 px) on each screen;
 * screenshots when RECORDER_SHOTS is set.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FAKE_NOTE_EXPANSION } from '@summy/fakes/llm';
import { createAxeScanner } from '../fixtures/a11y';
import { FAKE_MICROPHONE } from '../fixtures/audio';
import { createMeeting, createRichMeeting, mode, TRANSCRIPT } from '../fixtures/meeting-view';
import { MEETING_URL, meetingIdOf, recordUntil } from '../fixtures/recorder';
import { shootStates } from '../fixtures/screenshots';
import { startScriptedSummy } from '../fixtures/scripted-summy';
import { api, signUp, waitForProcessed } from '../fixtures/session';

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

/** The written notes' bullets in the Summary: the person's lines and the ones added around them. */
const summaryOf = (page: Page) => page.getByRole('article', { name: 'Summary' });
const noteLines = (scope: Locator) => scope.locator('li[data-origin="note"]');
const modelLines = (scope: Locator) => scope.locator('li[data-origin="model"]');

/** Scrolls `target` to the middle of the screen, so the shots hold both kinds of lines. */
const centre = (target: Locator) =>
  target.evaluate((el) =>
    (el as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center' }),
  );

/** The toast that says a regeneration is done. */
const regenerated = (page: Page) =>
  page.locator('[data-sonner-toast]').filter({ hasText: 'Summary regenerated' });

/** The notes the server keeps for meeting `id` (GET /api/meetings/:id/notes), as Markdown lines. */
async function serverNotes(page: Page, id: string): Promise<string[]> {
  const notes = await api<{ blocks: StoredBlock[] }>(page, 'GET', `/api/meetings/${id}/notes`);
  return notes.blocks.map((b) => b.markdown);
}

/** The line above notes written without a language model (written-notes.tsx). */
const EXTRACTIVE_NOTICE =
  'Your notes as written, then the extractive notes: written without a language model.';

/** What the notes hold after the recording below, in order. */
const WRITTEN = ['## Agenda', '- Hiring plan', '- [ ] Ann sends the deck'];

test('notes written during a recording survive a reload; the summary is written around them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The notes are checked, not the recogniser: jfk.wav's words come from the Deepgram fake; the
  // fake OpenAI's default script writes the notes around My notes.
  const scripted = await startScriptedSummy(browser);
  try {
    const { page } = scripted;
    await api(page, 'PUT', '/api/settings/ai', { summaryModel: 'openai:gpt-5-mini' });
    await expect(page.getByText('Ready to start recording')).toBeVisible();
    await recordWithNotes(page);
    const id = meetingIdOf(page);
    await waitForProcessed(page, id, 90_000);
    await writtenAroundNotes(page, id);
  } finally {
    await scripted.close();
  }
});

/**
 * Writes an agenda before Start and two lines during a recording, reloads mid-recording (the
 * notes are still there, in the browser and on the server) and recovers the recording, which
 * ends it and sends it to the pipeline.
 */
async function recordWithNotes(page: Page): Promise<void> {
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
  // On the server too, before the reload.
  await expect(status(page)).toHaveText('Saved');
  await expect.poll(() => serverNotes(page, id)).toEqual(WRITTEN);

  // A reload mid-recording: the notes are still there (Summary mode opens on My notes, as
  // there is no summary yet), and still in this browser.
  // The recovery dialog offers the unfinished audio on top (the page behind it is inert, so
  // the notes are found by their elements); recovering it keeps the notes and ends the recording.
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
  expect(await serverNotes(page, id)).toEqual(WRITTEN);
}

/**
 * The processed meeting's Summary: the notes written around My notes by the scripted model, the
 * person's lines as theirs and the model's muted, a citation opening the transcript at its turn,
 * and 'Regenerate summary' keeping the notes.
 */
async function writtenAroundNotes(page: Page, id: string): Promise<void> {
  await page.goto(`/meeting/${id}`);
  const summary = summaryOf(page);
  await expect(summary.getByRole('heading', { name: 'Agenda', level: 2 })).toBeVisible();
  const mine = noteLines(summary);
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText(`Hiring plan. ${FAKE_NOTE_EXPANSION}`);
  await expect(mine.nth(1)).toContainText(`Ann sends the deck. ${FAKE_NOTE_EXPANSION}`);
  for (const line of await mine.all()) {
    await expect(line.getByText('your note', { exact: true })).toBeVisible();
    await expect(line).toHaveClass(/\btext-foreground\b/);
  }
  const added = modelLines(summary);
  await expect(added.first()).toContainText('said: "');
  expect(await added.count()).toBeGreaterThanOrEqual(2);
  for (const line of await added.all()) {
    await expect(line).toHaveClass(/\btext-muted-foreground\b/);
    await expect(line.getByText('your note', { exact: true })).toHaveCount(0);
  }
  await expect(summary.getByRole('heading', { name: 'Also discussed', level: 2 })).toBeVisible();
  await expect(summary.getByText(EXTRACTIVE_NOTICE)).toHaveCount(0);

  const axe = createAxeScanner();
  await axe.scan(page, 'Summary with notes written around My notes');
  expect(axe.report()).toBe('');
  await shootStates(page, 'notes-written-model', () => centre(added.first()));

  // A citation: plays from its turn and shows it in the transcript.
  const cite = added.first().getByRole('button', { name: /^Play from / });
  await expect(cite).toHaveText(/^\d+:\d\d$/);
  await cite.click();
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
  const cited = page
    .getByRole('list', { name: 'Transcript turns' })
    .locator('article[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText('fellow Americans');

  // Regenerate: the notes are read again and never changed.
  await mode(page, 'Summary').click();
  const before = await summary.innerText();
  await page.getByRole('button', { name: 'Regenerate summary' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate summary' });
  await expect(regenerate.getByLabel('Model')).toHaveValue('openai:gpt-5-mini');
  await regenerate.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(regenerated(page)).toBeVisible({ timeout: 60_000 });
  await expect(noteLines(summary)).toHaveCount(2);
  expect(await summary.innerText()).toBe(before);
  expect(await serverNotes(page, id)).toEqual(WRITTEN);
  const meeting = await api<{
    writtenNotes: { origin: string; sections: { bullets: { noteRef: string | null }[] }[] };
  }>(page, 'GET', `/api/meetings/${id}`);
  expect(meeting.writtenNotes.origin).toBe('model');
  expect(
    meeting.writtenNotes.sections.flatMap((s) => s.bullets.map((b) => b.noteRef)).filter(Boolean),
  ).toEqual(['n2', 'n3']);
}

test('without a language model: the notes as written, then what else was discussed', async ({
  page,
}) => {
  await signUp(page);
  const meeting = await createMeeting(page, {
    title: 'Quarterly planning',
    date: '2025-03-04T14:00:00.000Z',
    transcript: TRANSCRIPT,
    summary: 'The budget was discussed.',
  });
  const blocks = [
    { id: 'b1', phase: 'during', t: 1000, markdown: '## Budget' },
    { id: 'b2', phase: 'during', t: 2000, markdown: '- Extra designer if the offsite moves' },
    { id: 'b3', phase: 'during', t: 3000, markdown: '- [ ] Grace sends the budget to finance' },
  ];
  await api(page, 'PUT', `/api/meetings/${meeting.id}/notes`, { blocks });
  await page.goto(`/meeting/${meeting.id}`);
  await page.getByRole('button', { name: 'Regenerate summary' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate summary' });
  await regenerate.getByRole('button', { name: 'Regenerate', exact: true }).click();

  const summary = summaryOf(page);
  await expect(summary.getByText(EXTRACTIVE_NOTICE)).toBeVisible({ timeout: 60_000 });
  // The toast is closed: it follows the app's theme, not the class axe and the shots toggle.
  const toast = regenerated(page);
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
  await expect(summary.getByRole('heading', { level: 2 })).toHaveText(['Budget', 'Also discussed']);
  // The notes as written, each the person's, then the extractive points, the engine's.
  await expect(noteLines(summary).locator('> :first-child')).toHaveText([
    'Extra designer if the offsite moves',
    'Grace sends the budget to finance',
  ]);
  const also = summary
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Also discussed' }) });
  expect(await modelLines(also).count()).toBeGreaterThanOrEqual(1);
  await expect(modelLines(summary)).toHaveCount(await modelLines(also).count());
  const axe = createAxeScanner();
  await axe.scan(page, 'Summary with the notes as written');
  expect(axe.report()).toBe('');
  await shootStates(page, 'notes-written-offline', () =>
    centre(summary.getByRole('heading', { name: 'Also discussed' })),
  );
  // Kept as they were; the written notes say why no model wrote them (none was asked).
  expect(
    (await api<{ blocks: StoredBlock[] }>(page, 'GET', `/api/meetings/${meeting.id}/notes`)).blocks,
  ).toEqual(blocks);
  const written = await api<{ writtenNotes: { origin: string; fallbackReason: string | null } }>(
    page,
    'GET',
    `/api/meetings/${meeting.id}`,
  );
  expect(written.writtenNotes).toMatchObject({ origin: 'extractive', fallbackReason: null });
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
