/**
 * Recording a call: the microphone and a browser tab's audio as two channels of one recording,
 * in Debian's full Chromium (the headless shell cannot capture a tab). The microphone is JFK
 * (Chromium's fake device); a page titled 'Call' plays the LibriVox reader, and Chromium's
 * picker picks that tab by its title. Each case launches a browser of its own, since the flags
 * differ; recordings stay short for the CI's 2 cores.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import {
  channelLevels,
  exportedRecordingFile,
  FAKE_MIC_WAV,
  storedAudioFile,
  TESTDATA_DIR,
} from '../fixtures/audio';
import { getMeeting, signUp, waitForProcessed } from '../fixtures/session';
import { shootStates } from '../fixtures/screenshots';
import { MEETING_URL, meetingIdOf, recordUntil } from '../fixtures/recorder';

const HOLDER = 'Ada Lovelace';

/** What the 'Call' tab plays: the LibriVox reader, 7 s, looped. */
const CALL_WAV = readFileSync(
  path.join(
    TESTDATA_DIR,
    'audio/librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0870.wav',
  ),
);
/** The call's origin: answered by `context.route`, never the network. */
const CALL_URL = 'http://call.localhost/';

type Playwright = Parameters<Parameters<typeof test>[2]>[0]['playwright'];

/**
 * A browser of this case's own: the windowed Chromium, not muted (a muted tab is captured as
 * silence), the fake microphone and camera answered without a prompt, and `shareFlags` for the
 * share picker.
 */
async function launchCallBrowser(playwright: Playwright, shareFlags: string[]): Promise<Browser> {
  return playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--mute-audio'],
    args: [
      ...chromiumArgs,
      '--autoplay-policy=no-user-gesture-required',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}`,
      '--auto-accept-camera-and-microphone-capture',
      ...shareFlags,
    ],
  });
}

/** Opens the 'Call' tab, playing the call's recording, before the app's tab. */
async function openCall(context: BrowserContext): Promise<Page> {
  await context.route(`${CALL_URL}**`, (route) =>
    new URL(route.request().url()).pathname === '/call.wav'
      ? route.fulfill({ body: CALL_WAV, contentType: 'audio/wav' })
      : route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Call</title><audio src="/call.wav" autoplay loop></audio>',
        }),
  );
  const call = await context.newPage();
  await call.goto(CALL_URL);
  await expect
    .poll(() => call.evaluate(`document.querySelector('audio').currentTime`))
    .toBeGreaterThan(0);
  return call;
}

/** The tallest bar (percent of its height) of a level meter. */
async function meterPeak(page: Page, testId: string): Promise<number> {
  const styles = await page
    .getByTestId(testId)
    .locator('span')
    .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('style') ?? ''));
  return Math.max(0, ...styles.map((s) => Number(/height:\s*([\d.]+)%/.exec(s)?.[1] ?? 0)));
}

/** Both meters rise above their resting height while the sources speak. */
async function expectMetersMove(page: Page): Promise<void> {
  for (const testId of ['level-meter', 'level-meter-call']) {
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect.poll(() => meterPeak(page, testId), { timeout: 10_000 }).toBeGreaterThan(30);
  }
}

/** Signs up and picks a source under 'Record from'. */
async function chooseSource(page: Page, source: string): Promise<void> {
  await signUp(page, '/', HOLDER);
  const choice = page.getByRole('radiogroup', { name: 'Record from' });
  await choice.getByRole('radio', { name: source, exact: true }).click();
  await expect(choice.getByRole('radio', { name: source, exact: true })).toBeChecked();
}

/** Runs `body` in a fresh browser and context, closed afterwards whatever happens. */
async function withBrowser(
  playwright: Playwright,
  baseURL: string | undefined,
  shareFlags: string[],
  body: (context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const browser = await launchCallBrowser(playwright, shareFlags);
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      ...options,
    });
    await body(context);
  } finally {
    await browser.close();
  }
}

const PICK_CALL_TAB = ['--auto-select-tab-capture-source-by-title=Call'];

test('records the microphone and the call as two channels, both sides in the transcript', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await withBrowser(playwright, baseURL, PICK_CALL_TAB, async (context) => {
    await openCall(context);
    const page = await context.newPage();
    await chooseSource(page, 'Microphone and call audio');
    await expect(page.getByText("tick 'Share tab audio'")).toBeVisible();
    await shootStates(page, 'call-source-choice');

    await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
    await expect(page).toHaveURL(MEETING_URL);
    const id = meetingIdOf(page);
    await expect(page.getByText('REC', { exact: true })).toBeVisible();
    expect((await getMeeting(page, id)).channels).toEqual(['me', 'them']);
    await expectMetersMove(page);
    // The bars' 100 ms height transition restarts on every frame while sound comes in, so the
    // page never comes to rest for a screenshot: the shots draw the live bars without it.
    if (process.env.RECORDER_SHOTS)
      await page.addStyleTag({
        content: '[data-testid^="level-meter"] span { transition: none !important; }',
      });
    await shootStates(page, 'call-meters');
    await recordUntil(page, 10);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('tab', { name: 'Transcript' })).toBeVisible({ timeout: 30_000 });
    const meeting = await waitForProcessed(page, id);
    expect(meeting.audioUrl).toBeTruthy();
    // The recording kept: two channels, the call's (1) as loud as speech, not silence.
    const levels = channelLevels(await exportedRecordingFile(page));
    const described = levels.map((level) => level.toFixed(4)).join(', ');
    test.info().annotations.push({ type: 'channel RMS', description: described });
    console.log(`Kept call recording, RMS per channel: ${described}`);
    expect(levels).toHaveLength(2);
    expect(levels[0]).toBeGreaterThan(0.005);
    expect(levels[1]).toBeGreaterThan(0.005);
    // What plays back: one channel mixing both.
    const played = channelLevels(await storedAudioFile(page, id));
    expect(played).toHaveLength(1);
    expect(played[0]).toBeGreaterThan(0.005);

    await page.getByRole('tab', { name: 'Transcript' }).click();
    await expect(page.getByRole('heading', { name: 'Meeting Transcript' })).toBeVisible();
    await expect(page.getByText(HOLDER, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Speaker 1', { exact: true }).first()).toBeVisible();
    await shootStates(page, 'call-transcript');
  });
});

test('a refused share says so and offers the microphone alone', async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  // Chromium's --auto-reject-this-tab-capture answers only the picker of the current tab; the
  // picker of other tabs then waits for a person. The browser itself refuses the share, with the
  // same NotAllowedError as a person's Cancel, when the page may not capture: the app's pages
  // are served here with `Permissions-Policy: display-capture=()` (no service worker in between).
  await withBrowser(
    playwright,
    baseURL,
    ['--auto-reject-this-tab-capture'],
    async (context) => {
      await context.route(
        (url) => url.origin === new URL(baseURL!).origin && !url.pathname.startsWith('/api/'),
        async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch();
          const policy = response.headers()['permissions-policy'] ?? '';
          await route.fulfill({
            response,
            headers: {
              ...response.headers(),
              'permissions-policy': `${policy ? `${policy}, ` : ''}display-capture=()`,
            },
          });
        },
      );
      const page = await context.newPage();
      await chooseSource(page, 'Microphone and call audio');
      await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
      await expect(page.getByText('Call audio not shared')).toBeVisible();
      const list = await page.request.get('/api/meetings');
      expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(0);

      await page.getByRole('button', { name: 'Use microphone' }).click();
      await expect(page).toHaveURL(MEETING_URL);
      await expect(page.getByText('REC', { exact: true })).toBeVisible();
      expect((await getMeeting(page, meetingIdOf(page))).channels).toBeNull();
      await expect(page.getByTestId('level-meter')).toBeVisible();
      await expect(page.getByTestId('level-meter-call')).toHaveCount(0);
    },
    { serviceWorkers: 'block' },
  );
});

test('a share without audio records nothing and says to tick Share tab audio', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await withBrowser(playwright, baseURL, PICK_CALL_TAB, async (context) => {
    await openCall(context);
    // As when 'Share tab audio' is left unticked: the share comes back with its video alone.
    // The real share is made, and its audio track removed and stopped before the app sees it.
    await context.addInitScript(`{
      const share = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getDisplayMedia = async (constraints) => {
        const stream = await share(constraints);
        for (const track of stream.getAudioTracks()) { stream.removeTrack(track); track.stop(); }
        return stream;
      };
    }`);
    const page = await context.newPage();
    await chooseSource(page, 'Microphone and call audio');
    await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
    await expect(page.getByText('The shared tab has no audio')).toBeVisible();
    await expect(
      page.getByText(
        "Tick 'Share tab audio' in the browser's picker, or record the microphone alone.",
      ),
    ).toBeVisible();
    await expect(page.getByText('REC', { exact: true })).toHaveCount(0);
    const list = await page.request.get('/api/meetings');
    expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(0);
  });
});

test('sharing stopped mid-meeting: the microphone goes on and the meeting notes when', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await withBrowser(playwright, baseURL, PICK_CALL_TAB, async (context) => {
    const call = await openCall(context);
    const page = await context.newPage();
    await chooseSource(page, 'Microphone and call audio');
    await page.getByRole('button', { name: 'Start Recording', exact: true }).click();
    await expect(page).toHaveURL(MEETING_URL);
    const id = meetingIdOf(page);
    await expectMetersMove(page);
    await recordUntil(page, 4);

    // Closing the captured tab ends the share, as the browser's 'Stop sharing' does.
    await call.close();
    await expect(page.getByText('Call audio ended', { exact: true })).toBeVisible();
    await expect(page.getByText('Recording goes on with your microphone.')).toBeVisible();
    await expect(page.getByText('REC', { exact: true })).toBeVisible();
    await expect.poll(async () => (await getMeeting(page, id)).callAudioEndedAt).toBeGreaterThan(2);
    const endedAt = (await getMeeting(page, id)).callAudioEndedAt ?? 0;
    await recordUntil(page, Math.ceil(endedAt) + 3);
    await expect.poll(() => meterPeak(page, 'level-meter')).toBeGreaterThan(30);

    await page.getByRole('button', { name: 'Stop' }).click();
    const shown = `${String(Math.floor(endedAt / 60)).padStart(2, '0')}:${String(Math.floor(endedAt % 60)).padStart(2, '0')}`;
    await expect(page.getByText(`Call audio ended at ${shown}`)).toBeVisible({ timeout: 30_000 });
  });
});
