/**
 * In the browser: voice profiles and suggested speaker names, on the local engine with the tests'
 * tiny models (downloaded from the loopback mirror). A speaker named in one meeting gets a voice
 * profile; the same recording uploaded again (re-encoded through MP3) shows the name as a chip
 * under the header; accepting renames the speaker everywhere; Settings lists the profile with its
 * clip and deletes it. The tiny embedding model cannot tell voices apart: what is checked is the
 * flow, not the matching (bench/speakers measures that on real models).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { TESTDATA_DIR } from '../fixtures/audio';
import { removeModels, type ModelsAnswer } from '../fixtures/models';
import { shootStates } from '../fixtures/screenshots';
import { api, signUpAdmin, uploadRecording, waitForProcessed } from '../fixtures/session';
import { setModelMirrorFast } from '../playwright.config';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const AMI = path.join(TESTDATA_DIR, 'audio/ami_es2004a_excerpt/ES2004a_750-810s.wav');
const MODELS = ['tiny-nemo-ctc-en', 'tiny-speaker-embedding'];

/** The AMI excerpt through a 48 kbit/s MP3 and back: the same voices, other bytes. */
function reencoded(): string {
  const dir = path.join(os.tmpdir(), 'summy-e2e-audio');
  const mp3 = path.join(dir, `es2004a-${process.pid}.mp3`);
  const wav = path.join(dir, `es2004a-reencoded-${process.pid}.wav`);
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', AMI, '-b:a', '48k', mp3]);
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', mp3, '-ar', '16000', '-ac', '1', wav]);
  return wav;
}

/** Installs the tiny models at the mirror's full speed: no progress bar is watched here. */
async function install(page: Page) {
  await setModelMirrorFast(true);
  try {
    for (const id of MODELS) await api(page, 'POST', `/api/models/${id}/download`, {});
    await expect
      .poll(
        async () =>
          (await api<ModelsAnswer>(page, 'GET', '/api/models')).models
            .filter((m) => MODELS.includes(m.id))
            .every((m) => m.state === 'installed'),
        { timeout: 90_000 },
      )
      .toBe(true);
  } finally {
    // The next spec file on this worker may watch a download's bar.
    await setModelMirrorFast(false);
  }
}

/** The speaker with the most speech in a processed meeting, by its label. */
async function mainSpeaker(page: Page, id: string): Promise<string> {
  const m = await api<{ turnTimes: { speaker: number; start: number; end: number }[] }>(
    page,
    'GET',
    `/api/meetings/${id}`,
  );
  const talk = new Map<number, number>();
  for (const t of m.turnTimes) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + t.end - t.start);
  return `Speaker ${[...talk].sort((a, b) => b[1] - a[1])[0]![0] + 1}`;
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  // The second administrator, kept signed in: the first one's sign-ins, by the other model
  // specs of the worker, may use up the ten attempts an account has in 15 minutes.
  await signUpAdmin(page, '/', 'Grace Hopper', 1);
  await removeModels(page);
  await page.close();
});

test('name a speaker, accept the name suggested from their voice, then delete the voice profile', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUpAdmin(page, '/', 'Grace Hopper', 1);
  await api(page, 'PUT', '/api/settings/notices', { dismiss: 'rough-transcription' });
  await install(page);

  // The first meeting: name its main speaker in the transcript.
  const first = await uploadRecording(page, baseURL!, AMI, 'Design kick-off');
  await waitForProcessed(page, first);
  const label = await mainSpeaker(page, first);
  await page.goto(`/meeting/${first}`);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await page
    .getByRole('button', { name: `Rename ${label}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rename speaker' });
  await dialog.getByLabel(`Name of ${label}`).fill('Carol Diaz');
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByText(`Renamed ${label} to Carol Diaz`)).toBeVisible();
  // Nothing to suggest in the meeting that made the profile.
  await expect(page.getByRole('region', { name: 'Who’s speaking?' })).toHaveCount(0);

  // The same voices again: the name is suggested for that speaker.
  const second = await uploadRecording(page, baseURL!, reencoded(), 'Design follow-up');
  await waitForProcessed(page, second);
  await page.goto(`/meeting/${second}`);
  const chips = page.getByRole('region', { name: 'Who’s speaking?' });
  await expect(chips).toBeVisible();
  const accept = chips.getByRole('button', { name: /^Accept Carol Diaz for Speaker \d+$/ });
  await expect(accept).toHaveCount(1);
  await shootStates(page, 'speaker-suggestion-chips');
  const suggestedFor = (await accept.getAttribute('aria-label'))!.replace(
    'Accept Carol Diaz for ',
    '',
  );
  await accept.click();
  await expect(page.getByText(`Renamed ${suggestedFor} to Carol Diaz`)).toBeVisible();
  await expect(chips).toHaveCount(0);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await expect(page.getByRole('button', { name: 'Rename Carol Diaz' }).first()).toBeVisible();
  // Out of the screenshots' way.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText(`Renamed ${suggestedFor} to Carol Diaz`)).toBeHidden();

  // Settings lists the profile (two meetings now) with its clip; delete it.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const voices = settings.getByRole('region', { name: 'Voice profiles' });
  const row = voices.getByRole('listitem').filter({ hasText: 'Carol Diaz' });
  await expect(row).toContainText('2 meetings');
  const clip = row.getByLabel('Voice sample of Carol Diaz');
  await expect(clip).toHaveAttribute('src', /^\/api\/voices\/[0-9a-f-]+\/sample$/);
  const src = (await clip.getAttribute('src'))!;
  const sample = await page.request.get(src);
  expect(sample.status()).toBe(200);
  expect(sample.headers()['content-type']).toBe('audio/mp4');
  await shootStates(page, 'settings-voice-profiles', () => row.scrollIntoViewIfNeeded());
  await row.getByRole('button', { name: 'Delete the voice profile of Carol Diaz' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Voice profile deleted')).toBeVisible();
  await expect(voices.getByText(/No voice profiles yet/)).toBeVisible();
  expect((await page.request.get(src)).status()).toBe(404);
});
