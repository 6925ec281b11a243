/**
 * Uploading a recording ("Large-file flow", 5 validation, 8 'Upload failed'): through the recorder
 * panel's 'Upload Recording' button and the browser's file chooser, against the real server with
 * its offline providers.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { largeWav, oversizedWav, truncatedWav, TWO_SPEAKERS_WAV } from '../fixtures/audio';
import { shootStates } from '../fixtures/screenshots';
import { getMeeting, signUp } from '../fixtures/session';

const MEETING_URL = /\/meeting\/([0-9a-f-]{36})$/;

/** Picks files through the real file chooser opened by 'Upload Recording'. */
async function chooseFile(
  page: Page,
  files: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Recording' }).click();
  await (await chooser).setFiles(files);
}

/** Records every request that would carry a file to the server. */
function watchUploads(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/meetings/upload' || url.pathname.startsWith('/api/uploads')) {
      sent.push(request);
    }
  });
  return sent;
}

test('an uploaded two-person conversation shows both speakers in the transcript', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await chooseFile(page, TWO_SPEAKERS_WAV);

  // The server answers once the audio is stored; the meeting opens and processing goes on there.
  await expect(page).toHaveURL(MEETING_URL, { timeout: 30_000 });
  const id = MEETING_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect
    .poll(async () => (await getMeeting(page, id)).isProcessing, { timeout: 180_000 })
    .toBe(false);

  await page.getByRole('tab', { name: 'Transcript' }).click();
  await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible();
  await expect(page.getByText('Speaker 1', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Speaker 2', { exact: true }).first()).toBeVisible();
});

test('a file that is not audio or video is refused before sending', async ({ page }) => {
  await signUp(page);
  const sent = watchUploads(page);
  await chooseFile(page, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Not a recording'),
  });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await expect(
    page.getByText('Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)'),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(sent).toHaveLength(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a file over 100 MB is refused before sending', async ({ page }) => {
  await signUp(page);
  const sent = watchUploads(page);
  // A sparse 101 MB x.wav: the browser types it audio/wav from its extension.
  await chooseFile(page, oversizedWav());
  await expect(page.getByText('File too large')).toBeVisible();
  await expect(page.getByText('Please upload a file smaller than 100MB')).toBeVisible();
  expect(sent).toHaveLength(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a file that cannot be processed shows the upload failure and leaves no placeholder', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  // The first 1 KB of a WAV: a valid header and no audio.
  await chooseFile(page, truncatedWav());
  await expect(page.getByText('Upload failed').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Failed to process the uploaded file').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('a file over 15 MB goes by resumable upload, survives a cut connection, then opens its meeting', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signUp(page);
  const sent = watchUploads(page);

  // Slow each chunk down so the progress can be seen, and cut the connection once mid-file.
  let patches = 0;
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 2) return route.abort('connectionreset');
    await new Promise((resolve) => setTimeout(resolve, process.env.RECORDER_SHOTS ? 2000 : 400));
    return route.continue();
  });

  await chooseFile(page, largeWav());

  // The placeholder meeting shows the bytes sent, then gives way to the saved meeting.
  const placeholder = page.getByRole('progressbar', { name: 'Uploading long-jfk-96k' });
  await expect(placeholder).toBeVisible();
  await expect(page.getByText('Processing uploaded file...')).toBeVisible();
  await shootStates(page, 'uploading');
  await expect
    .poll(async () => Number((await placeholder.getAttribute('aria-valuenow')) ?? 0), {
      intervals: [100],
    })
    .toBeGreaterThan(0);
  expect(Number(await placeholder.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(page).toHaveURL(MEETING_URL, { timeout: 120_000 });
  await expect(placeholder).toHaveCount(0);

  const methods = sent.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
  expect(methods).toContain('POST /api/uploads');
  // After the cut, tus asked the server where to resume (HEAD) and went on from there.
  expect(methods.some((m) => m.startsWith('HEAD /api/uploads/'))).toBe(true);
  expect(methods.filter((m) => m.startsWith('PATCH /api/uploads/')).length).toBeGreaterThan(2);
  expect(methods).not.toContain('POST /api/meetings/upload');

  const id = MEETING_URL.exec(new URL(page.url()).pathname)![1]!;
  const meeting = await getMeeting(page, id);
  expect(meeting.audioUrl).toBeTruthy();
  // Its 22 s of audio would keep the one job worker of this server busy for the next spec's
  // meeting (minutes on a loaded machine); its transcript is not this test's business. Deleted,
  // the meeting's pipeline stops at once (the deletion watch), so nothing waits behind it.
  expect((await page.request.delete(`/api/meetings/${id}`)).status()).toBe(204);
});
