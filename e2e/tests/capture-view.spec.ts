/**
 * In the browser: an upload marked as a two-channel call recording, and what the meeting view says
 * about a recorded call (echoed lines hidden and shown, the headphones hint, the call audio's end),
 * from a real two-channel upload processed by the pipeline, with their screenshots and an axe scan
 * of the transcript with its echo lines shown.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildCall, CALL_WAV_SELFISH } from '../../apps/server/test/call-file';
import { createAxeScanner } from '../fixtures/a11y';
import { JFK_WAV, mode } from '../fixtures/meeting-view';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, getMeeting, signUp } from '../fixtures/session';

const MEETING_URL = /\/meeting\/([0-9a-f-]{36})$/;
const CALL_CHECKBOX = 'Left is me, right is the call';
const HINT = 'Using speakers? Headphones give a cleaner transcript.';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

test("an upload marked 'Left is me, right is the call' becomes a call recording", async ({
  page,
}) => {
  await signUp(page);
  const checkbox = page.getByRole('checkbox', { name: CALL_CHECKBOX });
  await expect(checkbox).toHaveAttribute('aria-checked', 'false');
  // The label ticks it, as a native checkbox's would.
  await page.getByText(CALL_CHECKBOX).click();
  await expect(checkbox).toHaveAttribute('aria-checked', 'true');
  await shootStates(page, 'upload-as-call');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Recording' }).click();
  await (await chooser).setFiles(JFK_WAV);
  await expect(page).toHaveURL(MEETING_URL, { timeout: 30_000 });
  const id = MEETING_URL.exec(new URL(page.url()).pathname)![1]!;
  const meeting = (await getMeeting(page, id)) as unknown as { channels: unknown };
  expect(meeting.channels).toEqual(['me', 'them']);
  // Its two channels would be transcribed by the server's one job worker ahead of the next
  // test's call, which waits for its own; deleted, the meeting's pipeline stops at once.
  expect((await page.request.delete(`/api/meetings/${id}`)).status()).toBe(204);
});

/**
 * Uploads a two-channel call built by ffmpeg (jfk.wav left; a LibriVox reader right, also leaked
 * into the left at -12 dB 50 ms later, as a microphone hears a call on speakers), marked
 * `channels=me,them`, and waits until the real pipeline has processed it.
 */
async function uploadLeakedCall(page: Page, origin: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-e2e-call-'));
  try {
    const file = await buildCall(dir, 'call.webm', -12, CALL_WAV_SELFISH);
    const response = await page.request.post('/api/meetings/upload', {
      headers: { Origin: origin },
      multipart: {
        file: { name: 'call.webm', mimeType: 'audio/webm', buffer: readFileSync(file) },
        title: 'Call on speakers',
        channels: 'me,them',
      },
    });
    expect(response.status()).toBe(201);
    const { meetingId } = (await response.json()) as { meetingId: string };
    await expect
      .poll(async () => (await getMeeting(page, meetingId)).isProcessing, {
        timeout: 180_000,
        intervals: [1000],
      })
      .toBe(false);
    return meetingId;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a recorded call's transcript: echoed lines, headphones hint, call audio end", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meetingId = await uploadLeakedCall(page, baseURL!);
  const { capture } = (await getMeeting(page, meetingId)) as unknown as {
    capture: { echoed: { text: string }[]; doubleTalkShare: number } | null;
  };
  // PocketSphinx hears the reader's leaked line on the left and the rule hides it.
  expect(capture?.echoed.length).toBeGreaterThan(0);
  const hidden = capture!.echoed.length;
  await api(page, 'PATCH', `/api/meetings/${meetingId}`, { callAudioEndedAt: 7.6 });

  await page.goto(`/meeting/${meetingId}`);
  await expect(page.getByText('Call audio ended at 00:07')).toBeVisible();
  await mode(page, 'Transcript').click();
  await expect(
    page.getByText(`${hidden} echoed ${hidden === 1 ? 'line' : 'lines'} hidden`),
  ).toBeVisible();
  await expect(page.getByText(HINT)).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Show' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const echoes = page.getByTestId('echo-line');
  await expect(echoes).toHaveCount(0);
  await shootStates(page, 'echo-closed');

  await toggle.click();
  const hide = page.getByRole('button', { name: 'Hide' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(echoes).toHaveCount(hidden);
  await expect(echoes.first()).toContainText('Echo');
  await expect(echoes.first()).toContainText(capture!.echoed[0]!.text);
  // The phone's shot scrolls the echo lines into view, below the turn.
  await shootStates(page, 'echo-open', () => echoes.last().scrollIntoViewIfNeeded());

  const axe = createAxeScanner();
  await axe.scan(page, 'transcript with echo lines shown');
  expect(axe.report()).toBe('');

  await hide.click();
  await expect(echoes).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
