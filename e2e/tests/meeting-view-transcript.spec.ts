/**
 * In the browser: the meeting view's transcript: a 3-hour transcript virtualized, citation links
 * scrolling to their turn, and a turn seeking the recording.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp, uploadRecording } from '../fixtures/session';
import type { AudioLike, Meeting } from '../fixtures/meeting-view';
import { JFK_WAV, SHOTS_DIR, createLongMeeting, followInApp, mode } from '../fixtures/meeting-view';
import { settled, stableBox } from '../fixtures/settle';

// The header's date and times are local: pin the zone so the expected strings are fixed.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('a 3-hour transcript is virtualized and scrolls to its end', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createLongMeeting(page);

  await page.goto(`/meeting/${meeting.id}`);
  await mode(page, 'Transcript').click();
  await expect(page.getByText('2000 turns · 4 speakers')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');
  await expect(cards.first()).toContainText('Turn 1:');
  expect(await cards.count()).toBeLessThan(60);

  // Scroll to the end; row heights are measured as they appear, so repeat until it settles.
  const scroller = page.locator('[data-slot="meeting-scroll"]');
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return page.getByText('Turn 2000:').isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await cards.count()).toBeLessThan(60);

  // Estimated times: a turn can still be played from about where it is, once audio exists; here
  // there is no recording, so no play buttons.
  await expect(page.getByRole('button', { name: /^Play from/ })).toHaveCount(0);
});

test('a citation link scrolls to its transcript turn and highlights it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createLongMeeting(page);
  const base = `/meeting/${meeting.id}`;

  // Opened directly, far down the transcript: the card is on screen, marked and ringed.
  await page.goto(`${base}?view=transcript&turn=1500`);
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Transcript turns' });
  const cited = list.locator('article[data-cited="true"]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText('Turn 1501:');
  await expect(cited).toHaveAttribute('aria-current', 'true');
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  await expect(cited).not.toHaveCSS('box-shadow', 'none');
  // Centred in the scrolling area, so the turns before it give context.
  const scroller = (await page.locator('[data-slot="meeting-scroll"]').boundingBox())!;
  const card = (await cited.boundingBox())!;
  const offCentre = card.y + card.height / 2 - (scroller.y + scroller.height / 2);
  expect(Math.abs(offCentre)).toBeLessThan(scroller.height / 8);
  expect(await list.getByRole('article').count()).toBeLessThan(60);
  // Still there once every row near it has been measured and the list stopped moving.
  await stableBox(cited);
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  // The highlight fades after a few seconds.
  await expect(cited).toHaveCount(0, { timeout: 8000 });
  await expect(list.getByRole('article').filter({ hasText: 'Turn 1501:' })).not.toHaveAttribute(
    'aria-current',
  );

  // The view is already open: only the address changes, and it scrolls up to the new turn.
  await page.evaluate(() => ((globalThis as { __samePage?: boolean }).__samePage = true));
  await followInApp(page, `${base}?view=transcript&turn=40`);
  await expect(cited).toContainText('Turn 41:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });
  await expect(cited).toHaveCount(1);

  // The same citation again, after the person scrolled away: it scrolls back.
  await expect(cited).toHaveCount(0, { timeout: 8000 });
  const turn41 = list.getByRole('article').filter({ hasText: 'Turn 41:' });
  await page.mouse.move(640, 400);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 1500);
  await expect(turn41).not.toBeInViewport();
  await followInApp(page, `${base}?view=transcript&turn=40`);
  await expect(cited).toContainText('Turn 41:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });

  // From another mode, as a citation clicked while reading the summary.
  await mode(page, 'Summary').click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await followInApp(page, `${base}?view=transcript&turn=1999`);
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
  await expect(cited).toContainText('Turn 2000:');
  await expect(cited).toBeInViewport({ ratio: 0.99 });

  // Links to the other modes.
  await followInApp(page, `${base}?view=actions`);
  await expect(mode(page, 'Action Items')).toHaveAttribute('aria-selected', 'true');
  await followInApp(page, `${base}?view=summary`);
  await expect(mode(page, 'Summary')).toHaveAttribute('aria-selected', 'true');

  // Invalid turns are ignored: the transcript opens at its top, nothing is marked.
  for (const turn of ['-1', '2000', 'abc', '1.5']) {
    await followInApp(page, `${base}?view=transcript&turn=${turn}`);
    await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('article').first()).toContainText('Turn 1:');
    await expect(list.locator('[data-cited]')).toHaveCount(0);
    // Settled before the next link, as a person's next click would be: the bottom bar replaces
    // the address after the new mode paints, and a link pushed in that same frame races it.
    await mode(page, 'Summary').click();
    await expect(mode(page, 'Summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`${base}$`));
  }
  expect(await page.evaluate(() => (globalThis as { __samePage?: boolean }).__samePage)).toBe(true);

  // The bottom bar names the mode in the address, replacing the entry (Back leaves the meeting).
  const historyLength = () =>
    page.evaluate(() => (globalThis as unknown as { history: { length: number } }).history.length);
  const entries = await historyLength();
  await mode(page, 'Action Items').click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?view=actions$`));
  await mode(page, 'Transcript').click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?view=transcript$`));
  expect(await historyLength()).toBe(entries);
  // A reload keeps the mode.
  await page.reload();
  await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');

  // For review: a cited turn in both themes and widths, followed at each width in turn (the other
  // width's shots then show it after a resize).
  if (process.env.RECORDER_SHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await followInApp(page, `${base}?view=transcript&turn=1500`);
      await expect(cited).toBeInViewport({ ratio: 0.99 });
      await settled(page);
      await shootStates(page, `meeting-cited-turn-from-${width}`);
    }
  }
});

test('clicking a transcript turn seeks the recording to it', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meetingId = await uploadRecording(page, baseURL!, JFK_WAV, 'JFK address');

  let meeting: Meeting | undefined;
  await expect
    .poll(
      async () => {
        meeting = await api<Meeting>(page, 'GET', `/api/meetings/${meetingId}`);
        return meeting.isProcessing;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(false);
  expect(meeting?.transcript?.trim()).toBeTruthy();

  await page.goto(`/meeting/${meetingId}`);
  const player = page.getByRole('group', { name: 'Recording' });
  await expect(player).toBeVisible();
  await expect(player.getByRole('button', { name: 'Play recording' })).toBeEnabled();
  const audio = page.locator('audio');
  await expect
    .poll(() => audio.evaluate((element) => (element as unknown as AudioLike).duration))
    .toBeGreaterThan(10);

  // Move away from the start, then play from the last turn.
  await audio.evaluate((element) => {
    (element as unknown as AudioLike).currentTime = 9;
  });
  await mode(page, 'Transcript').click();
  const plays = page.getByRole('button', { name: /^Play from/ });
  // The transcript mode loads on demand: wait for its turns before counting them.
  await expect(plays.first()).toBeVisible();
  const count = await plays.count();
  expect(count).toBeGreaterThan(0);
  const last = plays.nth(count - 1);
  const expected =
    meeting!.turnTimes.length === count ? meeting!.turnTimes[count - 1]!.start : null;
  await last.click();
  const position = await audio.evaluate((element) => (element as unknown as AudioLike).currentTime);
  if (expected !== null) {
    expect(Math.abs(position - expected)).toBeLessThan(1);
    await expect(last).toHaveText(new RegExp(`^\\d\\d:\\d\\d$`));
  } else {
    expect(position).toBeLessThan(9);
  }
  await expect(player.getByRole('button', { name: 'Pause recording' })).toBeVisible();

  // The player in both themes and sizes, for review.
  mkdirSync(SHOTS_DIR, { recursive: true });
  await player.getByRole('button', { name: 'Pause recording' }).click();
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 812 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.mouse.move(0, 0);
      await settled(page);
      await page.screenshot({ path: path.join(SHOTS_DIR, `player-${size.name}-${theme}.png`) });
    }
  }
});
