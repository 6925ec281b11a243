/**
 * The meeting chip of a to-do on a phone (375 px): meetings of one series share a long title, so
 * the chip truncates the title and keeps the meeting's date whole, inside the chip, and two
 * to-dos from two such meetings read apart. RECORDER_SHOTS=<folder> also writes screenshots of
 * /todos at 1280 and 375 px, light and dark (fixtures/screenshots.ts).
 */
import { expect, test, type Locator } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';

test.use({ viewport: { width: 375, height: 812 }, timezoneId: 'UTC', locale: 'en-US' });

const SERIES = 'Quarterly product and engineering roadmap planning session';

/** The box of `locator` on the page; fails the test when it has none (not rendered). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test('same-named meetings: each to-do chip keeps its meeting date whole at 375 px', async ({
  page,
}) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meetings = [
    { date: '2026-11-24T09:30:00.000Z', day: 'Nov 24', todo: 'Send the revised roadmap' },
    { date: '2025-12-01T09:30:00.000Z', day: 'Dec 1, 2025', todo: 'Book the offsite venue' },
  ];
  for (const m of meetings) {
    const { id } = await api<{ id: string }>(page, 'POST', '/api/meetings', {
      title: SERIES,
      date: m.date,
    });
    await api(page, 'POST', '/api/todos', { title: m.todo, meetingId: id });
  }
  await page.goto('/todos');

  const viewport = page.viewportSize()!;
  for (const m of meetings) {
    const chip = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: m.todo })
      .getByRole('link', { name: /^From meeting/ });
    await expect(chip).toHaveAccessibleName(`From meeting ${SERIES} · ${m.day}`);
    const date = chip.getByText(`· ${m.day}`, { exact: true });
    await expect(date).toBeVisible();
    // The title gives way: it is cut, the date is not, and both stay inside the chip on screen.
    const title = chip.getByText(SERIES, { exact: true });
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(true);
    expect(await date.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const [chipBox, dateBox] = [await box(chip), await box(date)];
    expect(dateBox.x).toBeGreaterThanOrEqual(chipBox.x);
    expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(chipBox.x + chipBox.width + 0.5);
    expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(viewport.width);
  }
  await shootStates(page, 'todo-chips');
});
