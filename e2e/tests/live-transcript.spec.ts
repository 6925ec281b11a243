/**
 * The live draft transcript (docs/product.md#live-transcript): Debian Chromium with a real
 * recording (JFK) as the microphone, against the real server with its offline speech engine.
 * The 'Live transcript' switch in Settings > Recording, stored on the server; the panel beside
 * the recorder, empty at first, then rows labelled 'You' in `seq` order before Stop; the list
 * following new rows only for a reader at its bottom; the text picked up again by a reload
 * during the recording, with a live citation's link marking its row; the draft gone and the final transcript in its place once the meeting
 * is processed; and the 'off' words when the person turned it off.
 */
import { LIVE_TEXT } from '@summy/core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAxeScanner } from '../fixtures/a11y';
import { FAKE_MICROPHONE } from '../fixtures/audio';
import { mode } from '../fixtures/meeting-view';
import { MEETING_URL, meetingIdOf, recordUntil } from '../fixtures/recorder';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp, waitForProcessed } from '../fixtures/session';
import { holdsFor } from '../fixtures/settle';

test.use(FAKE_MICROPHONE);

/** The live panel (the region 'Live transcript'). */
const panel = (page: Page): Locator => page.getByRole('region', { name: LIVE_TEXT.region });

/**
 * The live rows shown: seq, label and text, in the order drawn. Found by test id, not by the
 * region's role: an open modal (the recovery dialog) takes the page out of the accessibility tree.
 */
async function liveRows(page: Page) {
  return page
    .getByTestId('live-transcript')
    .getByTestId('live-segment')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        seq: Number(row.getAttribute('data-seq')),
        label: row.firstElementChild?.textContent ?? '',
        text: row.lastElementChild?.textContent ?? '',
        muted: row.lastElementChild?.className.includes('text-muted-foreground') ?? false,
      })),
    );
}

/** Signs a fresh person up, without the first-run transcription prompt, and starts recording. */
async function startRecording(page: Page): Promise<string> {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  await page.reload();
  await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
  await expect(page).toHaveURL(MEETING_URL);
  return meetingIdOf(page);
}

/**
 * Waits for live rows of the server's live pipeline (while recording) and checks them: in `seq`
 * order, each once, labelled 'You' (a microphone recording), their text muted.
 */
async function expectLiveRows(page: Page) {
  await expect(panel(page).getByTestId('live-segment').first()).toBeVisible({ timeout: 90_000 });
  const rows = await liveRows(page);
  const seqs = rows.map((row) => row.seq);
  expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
  for (const row of rows) expect(row).toMatchObject({ label: 'You', muted: true });
  expect(
    rows
      .map((row) => row.text)
      .join(' ')
      .trim(),
  ).not.toBe('');
  return rows;
}

test('Settings > Recording: the Live transcript switch is stored with the account', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const live = page.getByRole('switch', { name: 'Live transcript' });
  await expect(live).toBeChecked();
  await expect(live).toHaveAccessibleDescription('Show a draft transcript while you record.');
  await live.click();
  await expect(live).not.toBeChecked();
  await expect
    .poll(() => api<{ liveTranscript: boolean }>(page, 'GET', '/api/settings/recording'))
    .toEqual({ liveTranscript: false });

  // Read from the server after a reload, not kept in this browser.
  await page.evaluate('localStorage.clear()');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Live transcript' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Live transcript' }).click();
  await expect
    .poll(() => api<{ liveTranscript: boolean }>(page, 'GET', '/api/settings/recording'))
    .toEqual({ liveTranscript: true });
});

test('the panel under the recorder: a draft, empty at first; gone once the transcript is saved', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startRecording(page);

  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByTestId('live-draft-badge')).toHaveText('Live (draft)');
  await expect(panel(page).getByText(LIVE_TEXT.empty)).toBeVisible();
  const log = panel(page).getByRole('log');
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log).toHaveAttribute('aria-relevant', 'additions');
  await expect(log).toHaveAttribute('tabindex', '0');
  // Under the recorder's controls, in the recorder's column; My notes beside them.
  const stop = await page.getByRole('button', { name: 'Stop' }).boundingBox();
  const live = await panel(page).boundingBox();
  const notes = await page.getByRole('region', { name: 'My notes' }).boundingBox();
  expect(live!.y).toBeGreaterThan(stop!.y);
  expect(notes!.x).toBeGreaterThan(live!.x + live!.width - 1);
  const axe = createAxeScanner();
  await axe.scan(page, 'live panel, empty', '[data-testid="live-transcript"]');
  expect(axe.report()).toBe('');
  await shootStates(page, 'live-recorder-empty');

  await recordUntil(page, 12);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(mode(page, 'Transcript')).toBeVisible({ timeout: 30_000 });
  const id = meetingIdOf(page);
  await mode(page, 'Transcript').click();
  const meeting = await waitForProcessed(page, id);
  // Which words PocketSphinx makes of the recording is recorder.spec.ts's concern; here, that
  // the final transcript takes the draft's place.
  expect(meeting.transcript?.trim()).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('live-transcript')).toHaveCount(0);
  await expect(page.getByTestId('live-draft-badge')).toHaveCount(0);
});

// One recording for the rows, the list's scrolling and the reload: each waits on the live pipeline.
test('live rows appear before Stop, in seq order, stay put, and show again after a reload', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const id = await startRecording(page);
  // Waits for the server's live pipeline.
  const shown = await expectLiveRows(page);
  await expect(panel(page).getByText(LIVE_TEXT.empty)).toHaveCount(0);
  await expect(panel(page).getByTestId('live-draft-badge')).toBeVisible();
  // More rows come under those shown, which do not change.
  await expect
    .poll(async () => (await liveRows(page)).length, { timeout: 60_000 })
    .toBeGreaterThan(shown.length);
  expect((await liveRows(page)).slice(0, shown.length)).toEqual(shown);
  const axe = createAxeScanner();
  await axe.scan(page, 'live panel with rows', '[data-testid="live-transcript"]');
  expect(axe.report()).toBe('');
  // Pictures of the pipeline's own rows (RECORDER_SHOTS): beside the recorder, and on the
  // meeting's page in another tab (Transcript mode) while this one records.
  await shootStates(page, 'live-recorder');
  if (process.env.RECORDER_SHOTS) {
    const other = await page.context().newPage();
    await other.goto(`/meeting/${id}?view=transcript`);
    await expect(panel(other).getByTestId('live-segment').first()).toBeVisible();
    await shootStates(other, 'live-meeting');
    await other.close();
  }

  // Once the list scrolls, a reader at its bottom follows new rows; one who scrolled up stays.
  // The list's box is made smaller than its 18rem, so that it scrolls after a few rows rather
  // than after a minute of speech; what is checked is where the list goes as rows come.
  const log = panel(page).getByRole('log');
  const scroll = () =>
    log.evaluate((el) => ({ top: el.scrollTop, height: el.scrollHeight, view: el.clientHeight }));
  await log.evaluate((el) => {
    el.style.maxHeight = '3rem';
  });
  const drawn = (await liveRows(page)).length;
  await expect
    .poll(async () => (await liveRows(page)).length, { timeout: 60_000 })
    .toBeGreaterThan(drawn);
  const atEnd = await scroll();
  expect(atEnd.height - atEnd.view).toBeGreaterThan(40);
  expect(atEnd.height - atEnd.view - atEnd.top).toBeLessThanOrEqual(16);
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  const count = (await liveRows(page)).length;
  await expect
    .poll(async () => (await liveRows(page)).length, { timeout: 60_000 })
    .toBeGreaterThan(count);
  expect((await scroll()).top).toBe(0);

  // The recording tab reloads: the browser asks before leaving a recording, and the person goes.
  // It opens a live citation's link (`#live-{seq}`, what the assistant cites) to the first row,
  // above the list's end.
  const before = await liveRows(page);
  page.on('dialog', (dialog) => void dialog.accept());
  const cited = before[0]!.seq;
  await page.goto(`/meeting/${id}?view=transcript#live-${cited}`);
  const recovery = page.getByRole('alertdialog', { name: 'Unfinished recording found' });
  await expect(recovery).toBeVisible();
  // The meeting still records on the server: its page shows the live text so far, as a draft.
  await expect(page.getByTestId('live-draft-badge')).toBeVisible();
  await expect.poll(async () => (await liveRows(page)).slice(0, before.length)).toEqual(before);
  // The cited row is marked, and the list scrolled to it.
  const row = page.locator(`li#live-${cited}`);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeInViewport();
  await expect(page.locator('li[aria-current="true"]')).toHaveCount(1);

  // Finishing the recording: the final transcript takes the draft's place.
  await recovery.getByRole('button', { name: 'Recover recording' }).click();
  await waitForProcessed(page, id);
  await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('live-transcript')).toHaveCount(0);
});

test('the panel says live text is off when the person turned it off', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await api(page, 'PUT', '/api/settings/recording', { liveTranscript: false });
  await dismissTranscriptionPrompt(page);
  await page.reload();
  await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
  await expect(page).toHaveURL(MEETING_URL);
  await expect(panel(page).getByText(LIVE_TEXT.off)).toBeVisible();
  await expect(panel(page).getByTestId('live-draft-badge')).toHaveCount(0);
  // JFK speaks all along: with live text off, no row ever shows.
  await recordUntil(page, 3);
  await holdsFor(
    'no live row while live text is off',
    async () => (await panel(page).getByTestId('live-segment').count()) === 0,
    8_000,
  );
  await expect(panel(page).getByText(LIVE_TEXT.off)).toBeVisible();
});
