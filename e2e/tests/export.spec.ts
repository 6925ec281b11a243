/**
 * In the browser: exporting a meeting from its '...' menu (each format downloads a file named after
 * the meeting; the Markdown opens with Obsidian's front matter) and the whole account from
 * Settings > Account (a zip).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { createRichMeeting } from '../fixtures/meeting-view';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('export a meeting as Markdown and subtitles, and the whole account as a zip', async ({
  page,
}) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(meeting.title);

  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Export as')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toContainText([
    'Share',
    'Markdown (Obsidian)',
    'Transcript (text)',
    'Subtitles (SRT)',
    'Subtitles (WebVTT)',
    'Word (DOCX)',
    'PDF',
    'JSON',
    'Delete Meeting',
  ]);
  // 'Share' leads the menu; Markdown leads the export formats after it.
  await expect(menu.getByRole('menuitem').first()).toHaveText('Share');
  await expect(menu.getByRole('menuitem').nth(1)).toHaveText('Markdown (Obsidian)');
  await shootStates(page, 'meeting-export-menu');
  const markdown = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Markdown (Obsidian)' }).click();
  const md = await markdown;
  expect(md.suggestedFilename()).toBe(`${meeting.title}.md`);
  const text = readFileSync(await md.path(), 'utf8');
  expect(text).toMatch(/^---\ntitle: ".+"\ndate: \d{4}-\d\d-\d\dT/);
  expect(text).toContain('## Transcript');

  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  const subtitles = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Subtitles (WebVTT)' }).click();
  const vtt = readFileSync(await (await subtitles).path(), 'utf8');
  expect(vtt.startsWith('WEBVTT')).toBe(true);
  expect(vtt).toContain('<v Speaker 1>');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const block = settings.getByRole('region', { name: 'Export your data' });
  // The blocks above (linked accounts, API keys) load on their own and may push this one down
  // between Playwright's aim and its click; a click that missed is tried again.
  await expect(async () => {
    await block.getByLabel('Include recordings').check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await shootStates(page, 'settings-account-export', () => block.scrollIntoViewIfNeeded());
  const zip = page.waitForEvent('download');
  await block.getByRole('button', { name: 'Download export' }).click();
  const archive = await zip;
  expect(archive.suggestedFilename()).toMatch(/^Summy export \d{4}-\d\d-\d\d\.zip$/);
  // A zip file's local header signature.
  expect(
    readFileSync(await archive.path())
      .subarray(0, 4)
      .toString('hex'),
  ).toBe('504b0304');
});

test('an export the server refuses says why in a toast, in the server words', async ({ page }) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const meeting = await createRichMeeting(page);
  await page.goto(`/meeting/${meeting.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(meeting.title);
  // Deleted elsewhere (another tab, the API) while this page still shows it.
  expect((await page.request.delete(`/api/meetings/${meeting.id}`)).status()).toBe(204);

  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Meeting not found' });
  await expect(toast).toBeVisible();
  await shootStates(page, 'meeting-export-refused');
});
