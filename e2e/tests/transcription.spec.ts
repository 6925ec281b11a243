/**
 * Local speech models in the web app ("Playwright: the first-run prompt, a download against the
 * loopback server with a visible progress bar, re-transcribe"). The server's catalog is the tiny
 * models of fixtures/model-mirror.ts, served slowly on loopback (playwright.config.ts sets
 * MODELS_CATALOG and MODELS_BASE_URL); real models cannot be downloaded on these machines.
 * Downloads are server-wide, so the tests run in order and remove what they installed, leaving the
 * PocketSphinx fallback to the specs after this one.
 *
 * RECORDER_SHOTS=<folder> also writes screenshots of the prompt and of Settings > Transcription at
 * 1280 and 375 px, light and dark (fixtures/screenshots.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { JFK_WAV } from '../fixtures/audio';
import { removeModels, type ModelsAnswer } from '../fixtures/models';
import { shootStates } from '../fixtures/screenshots';
import { api, signUp, signUpAdmin, TEST_PASSWORD, uploadRecording } from '../fixtures/session';
import { holdsFor } from '../fixtures/settle';
import { setModelMirrorFast } from '../playwright.config';

test.describe.configure({ mode: 'serial' });
// A test that asked for the mirror's full speed once its bars were seen leaves the pace as it was.
test.afterEach(() => setModelMirrorFast(false));

/** The tiny catalog's models (packages/fakes/src/models/tiny-models.ts). */
const RECOGNIZER = { id: 'tiny-nemo-ctc-en', name: 'Tiny NeMo CTC test recognizer (en)' };
const EMBEDDING = { id: 'tiny-speaker-embedding', name: 'Tiny speaker embedding test model' };

interface MeetingAnswer {
  id: string;
  transcript: string | null;
  isProcessing: boolean;
  transcription: { provider: string; model?: string } | null;
}

/** The first-run prompt, by its heading. */
const prompt = (page: Page) =>
  page.getByRole('region', { name: 'Transcripts will be rough for now' });

/** Removes every installed or partial model, so the next test (and spec) starts without them. */

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  // Signed in anew: a kept session may have been signed out by a test, and the specs after this
  // one fail if the models stay installed.
  await signUpAdmin(page, '/', 'Ada Lovelace', 0, { fresh: true });
  await removeModels(page);
  await page.close();
});

test('the first-run prompt is one slim notice, remembered per person on the server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUpAdmin(page);
  await expect(page.getByText('Ready to start recording')).toBeVisible();
  const shown = prompt(page);
  await expect(shown).toBeVisible();
  await expect(
    shown.getByRole('button', { name: /^Download speech and notes models \(about \d+ KB\)$/ }),
  ).toBeVisible();
  // The other engines are one click away.
  await expect(shown.getByText('DEEPGRAM_API_KEY')).toHaveCount(0);
  await shown.getByRole('button', { name: 'Other options' }).click();
  await expect(shown.getByText('DEEPGRAM_API_KEY')).toBeVisible();
  await shown.getByRole('button', { name: 'Other options' }).click();
  // Slim: two lines of text and the button row at most beside the recorder (the one-step label
  // for speech and notes models takes its own row), and the dashboard starts above the fold.
  expect((await shown.boundingBox())!.height).toBeLessThanOrEqual(120);
  await expect(page.getByRole('heading', { name: 'Recent meetings' })).toBeInViewport();
  await shootStates(page, 'transcription-prompt-home');

  // Not on a meeting the fallback did not transcribe (typed in, imported, another engine).
  const typed = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Typed notes',
    transcript: 'Speaker 1: Typed, not recorded.',
  });
  await page.goto(`/meeting/${typed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Typed notes' })).toBeVisible();
  await holdsFor('no prompt on typed notes', async () => (await prompt(page).count()) === 0, 1_500);

  // Dismissed from the keyboard; gone here, after a reload, and after signing out and in again.
  await page.goto('/');
  await prompt(page).getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(prompt(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Ready to start recording')).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page.getByText('Ready to start recording')).toBeVisible();
  // A fresh visit (nothing kept in the page), as on another day or device. The prompt needs the
  // model list: once it is in, and the prompt's code had time to run, no prompt means none.
  const models = page.waitForResponse((r) => r.url().endsWith('/api/models'));
  await page.reload();
  await models;
  await holdsFor('no prompt after a reload', async () => (await prompt(page).count()) === 0, 1_500);

  // It is the person's: another administrator signing in on this browser still gets it; a user
  // who is not one never does.
  await page.context().clearCookies();
  await signUpAdmin(page, '/', 'Grace Hopper', 1);
  await expect(prompt(page)).toBeVisible();
  await page.context().clearCookies();
  await signUp(page, '/', 'Alan Turing');
  await expect(page.getByText('Ready to start recording')).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});

test('Settings > Transcription: a download shows its progress bar, pauses and resumes, is cancelled, installs and is removed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAdmin(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const section = settings.getByRole('region', { name: 'Transcription' });
  await expect(section).toBeVisible();
  await expect(section.getByText(/transcribed by the built-in recognizer/)).toBeVisible();
  const row = section.getByRole('listitem', { name: RECOGNIZER.name });
  await expect(row).toContainText('Speech recognizer');
  await expect(row).toContainText('English');
  await expect(section.getByRole('listitem', { name: EMBEDDING.name })).toContainText(
    'Speaker separation',
  );
  const showRow = () => row.scrollIntoViewIfNeeded();
  await shootStates(page, 'transcription-settings', showRow);

  // Download: the bar moves (the mirror sends 1 KiB every 250 ms) with bytes and percent.
  await row.getByRole('button', { name: `Download ${RECOGNIZER.name}` }).click();
  const bar = row.getByRole('progressbar', { name: `Downloading ${RECOGNIZER.name}` });
  await expect(bar).toBeVisible();
  await expect(row.getByText(/^\d+ (B|KB) of \d+ KB \(\d+%\)$/)).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  if (process.env.RECORDER_SHOTS) {
    await shootStates(page, 'transcription-settings-downloading', showRow);
  }

  // Pause keeps what arrived: Resume asks the mirror for the rest only.
  await row.getByRole('button', { name: `Pause download of ${RECOGNIZER.name}` }).click();
  await expect(bar).toHaveCount(0);
  const models = await api<ModelsAnswer>(page, 'GET', '/api/models');
  const paused = models.models.find((m) => m.id === RECOGNIZER.id)!;
  expect(paused).toMatchObject({ state: 'absent' });
  expect(paused.receivedBytes).toBeGreaterThan(0);
  if (process.env.RECORDER_SHOTS) await shootStates(page, 'transcription-settings-paused', showRow);
  await row.getByRole('button', { name: `Resume download of ${RECOGNIZER.name}` }).click();
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
    .toBeGreaterThanOrEqual(Math.floor((paused.receivedBytes * 100) / paused.totalBytes));

  // Cancel stops it and deletes what arrived: Download starts from the beginning.
  await row.getByRole('button', { name: `Cancel download of ${RECOGNIZER.name}` }).click();
  await expect(bar).toHaveCount(0);
  const again = row.getByRole('button', { name: `Download ${RECOGNIZER.name}` });
  await expect(again).toBeVisible();

  // Download to the end: Installed, and the local engine takes over the next meetings. The bar
  // was seen moving above: this download comes at the mirror's full speed (16 s paced).
  await setModelMirrorFast(true);
  await again.click();
  await expect(row.getByText('Installed')).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/transcribed on this server by the local models/)).toBeVisible();
  if (process.env.RECORDER_SHOTS) {
    await shootStates(page, 'transcription-settings-installed', showRow);
  }

  // Remove asks first; Cancel keeps it, Remove removes it.
  await row.getByRole('button', { name: `Remove ${RECOGNIZER.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${RECOGNIZER.name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Installed')).toBeVisible();
  await row.getByRole('button', { name: `Remove ${RECOGNIZER.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row.getByRole('button', { name: `Download ${RECOGNIZER.name}` })).toBeVisible();
  await expect(section.getByText(/transcribed by the built-in recognizer/)).toBeVisible();
});

test('Settings > Transcription for a user who is not an administrator: what is installed, no buttons', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const section = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: 'Transcription' });
  await expect(
    section.getByText(/Only an administrator of this server can download or remove them/),
  ).toBeVisible();
  const row = section.getByRole('listitem', { name: RECOGNIZER.name });
  await expect(row.getByText('Not installed')).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section).not.toContainText('/tmp/');
  await shootStates(page, 'transcription-settings-user', () => row.scrollIntoViewIfNeeded());
  // The server refuses all the same.
  const refused = await page.request.post(`/api/models/${RECOGNIZER.id}/download`);
  expect(refused.status()).toBe(403);
});

test('a meeting the fallback transcribed is re-transcribed with the local model after the download', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The second administrator: the first dismissed the prompt in the first test, for good.
  await signUpAdmin(page, '/', 'Grace Hopper', 1);
  const meetingId = await uploadRecording(page, baseURL!, JFK_WAV, 'JFK address');
  const read = () => api<MeetingAnswer>(page, 'GET', `/api/meetings/${meetingId}`);
  await expect
    .poll(async () => (await read()).isProcessing, { timeout: 120_000, intervals: [1000] })
    .toBe(false);
  const rough = await read();
  expect(rough.transcription).toEqual({ provider: 'offline' });

  await page.goto(`/meeting/${meetingId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shown = prompt(page);
  await expect(shown).toBeVisible();
  const retranscribe = page.getByRole('button', { name: 'Re-transcribe with the local model' });
  await expect(retranscribe).toHaveCount(0);
  await shootStates(page, 'transcription-prompt-meeting');

  // The prompt downloads the default speech and notes models, with visible bars.
  await shown.getByRole('button', { name: /^Download speech and notes models/ }).click();
  await expect(shown.getByRole('progressbar').first()).toBeVisible();
  if (process.env.RECORDER_SHOTS) await shootStates(page, 'transcription-prompt-downloading');
  // Seen: the rest of the downloads, under way or not, come at the mirror's full speed.
  await setModelMirrorFast(true);
  await expect(page.getByRole('region', { name: 'Local speech model installed' })).toBeVisible({
    timeout: 60_000,
  });
  const models = await api<ModelsAnswer>(page, 'GET', '/api/models');
  expect(models.transcription).toEqual({ provider: 'local', fallbackOnly: false });
  // The notes models may still be arriving after the speech models (the mirror serves slowly).
  await expect
    .poll(
      async () =>
        (await api<ModelsAnswer>(page, 'GET', '/api/models')).models.every(
          (m) => m.state === 'installed',
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  // Removed again: an installed notes model becomes what 'auto' writes notes with on this
  // server, and the tests' tiny model writes nothing useful, slowly, for the specs that follow.
  for (const m of (await api<ModelsAnswer>(page, 'GET', '/api/models')).models) {
    if (m.kind === 'llm' || m.kind === 'text-embedding') {
      await api(page, 'DELETE', `/api/models/${m.id}`);
    }
  }

  // One click: the meeting shows processing, then the local engine's transcript.
  await expect(retranscribe).toBeVisible();
  await shootStates(page, 'transcription-retranscribe-offer');
  await retranscribe.click();
  await expect(
    page.getByRole('status').filter({ hasText: /Processing|Transcribing/ }),
  ).toBeVisible();
  await expect(retranscribe).toHaveCount(0);
  await expect
    .poll(async () => (await read()).isProcessing, { timeout: 120_000, intervals: [1000] })
    .toBe(false);
  const local = await read();
  expect(local.transcription?.provider).toBe('local');
  expect(local.transcription?.model).toBe(RECOGNIZER.id);
  await expect(page.getByRole('status').filter({ hasText: /Processing|Transcribing/ })).toHaveCount(
    0,
  );
  await expect(retranscribe).toHaveCount(0);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const firstWords = (local.transcript ?? '').replace(/^Speaker \d+:\s*/, '').slice(0, 20);
  if (firstWords) await expect(page.getByText(firstWords).first()).toBeVisible();
  else await expect(page.getByText(/no speech|No transcript/i).first()).toBeVisible();
});
