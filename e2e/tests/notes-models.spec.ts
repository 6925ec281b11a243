/**
 * Notes models in the web app: the first-run prompt's one step 'Download speech and notes models
 * (about N)', N summed from the server's catalog, with a progress bar per model, what notes are
 * without a notes model, each half alone under 'Other options', and Settings > Transcription
 * listing the notes models beside the speech models with their figures, download and removal. The
 * catalog is the tiny models of fixtures/model-mirror.ts (tiny GGUF files for the notes models),
 * served slowly on loopback. axe runs on the prompt and the settings list.
 * Downloads are server-wide: the spec removes what it installed and never dismisses the prompt,
 * so the specs after it start from the PocketSphinx fallback.
 *
 * RECORDER_SHOTS=<folder> also writes screenshots at 1280 and 375 px, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { removeModels, type ModelsAnswer } from '../fixtures/models';
import { shootStates } from '../fixtures/screenshots';
import { api, signUpAdmin } from '../fixtures/session';
import { setModelMirrorFast } from '../playwright.config';

test.describe.configure({ mode: 'serial' });
// A test that asked for the mirror's full speed once its bars were seen leaves the pace as it was.
test.afterEach(() => setModelMirrorFast(false));

const NOTES = { id: 'tiny-notes', name: 'Tiny notes test model' };

const prompt = (page: Page) =>
  page.getByRole('region', { name: 'Transcripts will be rough for now' });

/** Decimal KB as the web app writes small sizes. */
const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  // Signed in anew: a kept session may have been signed out by a test, and the specs after this
  // one fail if the models stay installed.
  await signUpAdmin(page, '/', 'Ada Lovelace', 0, { fresh: true });
  await removeModels(page);
  await page.close();
});

test('the first-run prompt downloads speech and notes models in one step, with a bar each', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpAdmin(page);
  const list = await api<ModelsAnswer>(page, 'GET', '/api/models');
  const defaults = list.models.filter((m) => m.default);
  const notesBytes = defaults
    .filter((m) => m.kind === 'llm' || m.kind === 'text-embedding')
    .reduce((sum, m) => sum + m.sizeBytes, 0);
  const allBytes = defaults.reduce((sum, m) => sum + m.sizeBytes, 0);
  expect(notesBytes).toBeGreaterThan(0);

  const shown = prompt(page);
  await expect(shown).toBeVisible();
  const oneStep = shown.getByRole('button', {
    name: `Download speech and notes models (about ${kb(allBytes)})`,
  });
  await expect(oneStep).toBeVisible();
  await expect(shown).toContainText(
    'Without a notes model, notes are extractive: sentences picked from the transcript.',
  );
  // Each half alone, one click away; the row stays slim.
  await shown.getByRole('button', { name: 'Other options' }).click();
  await expect(
    shown.getByRole('button', { name: `Notes models (${kb(notesBytes)})` }),
  ).toBeVisible();
  await expect(
    shown.getByRole('button', { name: `Speech models (${kb(allBytes - notesBytes)})` }),
  ).toBeVisible();
  const axe = createAxeScanner();
  await axe.scan(page, 'first-run prompt with options');
  await shootStates(page, 'notes-prompt-options');
  await shown.getByRole('button', { name: 'Other options' }).click();
  await shootStates(page, 'notes-prompt');

  await oneStep.click();
  const notesBar = shown.getByRole('progressbar', { name: `Downloading ${NOTES.name}` });
  await expect(notesBar).toBeVisible();
  await expect(
    shown.getByRole('progressbar', { name: 'Downloading Tiny NeMo CTC test recognizer (en)' }),
  ).toBeVisible();
  await expect(shown.getByText(/^\d+ (B|KB) of \d+ KB \(\d+%\)$/).first()).toBeVisible();
  await axe.scan(page, 'first-run prompt downloading');
  await shootStates(page, 'notes-prompt-downloading');
  expect(axe.report()).toBe('');
  // Seen: the rest of the downloads come at the mirror's full speed.
  await setModelMirrorFast(true);

  await expect
    .poll(async () => (await api<ModelsAnswer>(page, 'GET', '/api/models')).notes.modelId, {
      timeout: 90_000,
    })
    .toBe(NOTES.id);
  // That the speech models finish too is transcription.spec.ts's to show: the rest is cancelled.
  await removeModels(page);
});

test('Settings lists the notes models beside the speech models, downloads and removes one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAdmin(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const section = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: 'Transcription' });
  const speech = section.getByRole('list', { name: 'Speech models' });
  const notes = section.getByRole('list', { name: 'Notes models' });
  await expect(speech.getByRole('listitem')).not.toHaveCount(0);
  await expect(speech).not.toContainText(NOTES.name);
  await expect(section.getByText(/Without a notes model, notes are extractive/)).toBeVisible();
  const row = notes.getByRole('listitem', { name: NOTES.name });
  await expect(row).toContainText('Notes model');
  await expect(row).toContainText(/of memory · 4,096-token context · MIT/);
  await expect(notes.getByRole('listitem', { name: 'Tiny embedding test model' })).toContainText(
    'Search embeddings',
  );
  const showNotes = () => notes.scrollIntoViewIfNeeded();
  const axe = createAxeScanner();
  await axe.scan(page, 'settings with notes models', '[role="dialog"]');
  await shootStates(page, 'notes-settings', showNotes);

  await row.getByRole('button', { name: `Download ${NOTES.name}` }).click();
  const bar = row.getByRole('progressbar', { name: `Downloading ${NOTES.name}` });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await shootStates(page, 'notes-settings-downloading', showNotes);
  await setModelMirrorFast(true);
  await expect(row.getByText('Installed')).toBeVisible({ timeout: 60_000 });
  await expect(
    section.getByText(/written on this server by the installed notes model/),
  ).toBeVisible();
  await axe.scan(page, 'settings with a notes model installed', '[role="dialog"]');
  await shootStates(page, 'notes-settings-installed', showNotes);
  expect(axe.report()).toBe('');

  await row.getByRole('button', { name: `Remove ${NOTES.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${NOTES.name}?` });
  await expect(confirm).toContainText('Notes are written without it until it is downloaded again.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(row.getByRole('button', { name: `Download ${NOTES.name}` })).toBeVisible();
  await expect(section.getByText(/Without a notes model, notes are extractive/)).toBeVisible();
});
