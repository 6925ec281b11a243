/**
 * The offline notes of a real meeting as the meeting view shows them: the AMI ES2011a kick-off
 * transcript of testdata/meetings goes through the server's own text workers with no language model
 * configured (title, summary with topics, action items), is saved as a meeting, and the Summary and
 * Action Items modes are read and photographed at 1280 and 375 px in light and dark. Screenshots go
 * to SHOTS_DIR (default /tmp/shots-notes). Then the same transcript summarised by the server's own
 * job ('Regenerate summary' with the default model, the offline generator here): the meeting says
 * its notes were written without a language model, and its notes call their action items possible
 * ones (screenshots in RECORDER_SHOTS, axe at both widths in both themes).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TESTDATA_DIR } from '../fixtures/audio';
import { createAxeScanner } from '../fixtures/a11y';
import { setTheme, shootStates } from '../fixtures/screenshots';
import { api, signUp } from '../fixtures/session';
import { settled, stableBox } from '../fixtures/settle';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-notes';

/** The meeting's turns as Summy stores transcripts: 'Speaker: text' paragraphs, markup removed. */
function amiTranscript(name: string): string {
  const dir = path.join(TESTDATA_DIR, 'meetings', name);
  const file = readdirSync(dir).find((f) => f.endsWith('.qmsum.json'))!;
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    meeting_transcripts: { speaker: string; content: string }[];
  };
  return json.meeting_transcripts
    .map((t) => {
      const text = t.content
        .replace(/\{[a-z_]+\}/gi, ' ')
        .replace(/\s+([,.?!])/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      return text ? `${t.speaker.replace(/:/g, '').trim()}: ${text}` : '';
    })
    .filter(Boolean)
    .join('\n\n');
}

test('offline notes of a real meeting read as notes in the meeting view', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await signUp(page);
  const transcript = amiTranscript('ami_ES2011a');

  const { title } = await api<{ title: string }>(page, 'POST', '/api/summary', {
    transcript,
    generateTitle: true,
  });
  const { summary, topics } = await api<{
    summary: string;
    topics: { topic: string; confidence: number }[];
  }>(page, 'POST', '/api/summary', { transcript });
  const { actionItems } = await api<{
    actionItems: { title: string; description: string; assignedTo: string | null }[];
  }>(page, 'POST', '/api/action-items', { transcript });
  expect(title.length).toBeLessThanOrEqual(50);
  expect(actionItems.length).toBeGreaterThan(0);

  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title,
    date: '2026-11-20T10:00:00.000Z',
    duration: 19,
    participants: ['Project Manager', 'Marketing', 'User Interface', 'Industrial Designer'],
    transcript,
    summary,
    topics,
  });
  for (const item of actionItems) {
    await api(page, 'POST', '/api/todos', {
      title: item.title,
      description: item.description,
      assignedTo: item.assignedTo,
      meetingId: meeting.id,
    });
  }

  await page.goto(`/meeting/${meeting.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The summary's structure is rendered as structure: headings, lists, the owner in bold.
  const main = page.getByRole('main');
  for (const heading of ['Overview', 'Action items', 'Key points', 'Topics']) {
    await expect(main.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(main.getByText('met about', { exact: false }).first()).toBeVisible();
  await expect(main.locator('li strong').first()).toBeVisible();
  await expect(main.getByText(/^#|\*\*/)).toHaveCount(0);

  for (const size of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 375, height: 812 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`/meeting/${meeting.id}`);
      await setTheme(page, theme);
      await expect(main.getByRole('heading', { name: 'Key points', exact: true })).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(SHOTS_DIR, `summary-${size.name}-${theme}.png`) });
      // The main column scrolls on its own: a second shot of its end (key points and topics).
      await page.mouse.move(size.width / 2, size.height / 2);
      await page.mouse.wheel(0, 20_000);
      await stableBox(main.getByRole('heading', { name: 'Key points', exact: true }));
      await settled(page);
      await page.screenshot({
        path: path.join(SHOTS_DIR, `summary-points-${size.name}-${theme}.png`),
      });
      await page
        .getByRole('tablist', { name: 'Meeting view' })
        .getByRole('tab', { name: 'Action Items' })
        .click();
      await expect(main.getByText(actionItems[0]!.title).first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS_DIR, `actions-${size.name}-${theme}.png`) });
    }
  }
});

test('a meeting says its notes were written offline, without a language model', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Remote control kick-off',
    date: new Date().toISOString(),
    duration: 19,
    participants: ['Project Manager', 'Marketing', 'User Interface', 'Industrial Designer'],
    transcript: amiTranscript('ami_ES2011a'),
  });
  await page.goto(`/meeting/${meeting.id}`);
  const main = page.getByRole('main');
  // Notes no engine wrote (none yet) say nothing about one.
  await expect(main.getByRole('button', { name: 'Regenerate summary' })).toBeVisible();
  await expect(main.getByText(/^Notes (?:by|written)/)).toHaveCount(0);

  // The server writes them: 'auto' is the offline generator on a server without a cloud key.
  await api(page, 'POST', `/api/meetings/${meeting.id}/summary`, {});
  const line = 'Notes written offline from the transcript (no language model), General template';
  await expect(main.getByText(line)).toBeVisible({ timeout: 60_000 });
  const summary = main.getByRole('article', { name: 'Summary' });
  await expect(
    summary.getByText('Possible action items (picked from the transcript):'),
  ).toBeVisible();
  await expect(summary.getByText(/action items? (?:was|were) agreed/)).toHaveCount(0);
  // It is still there after a reload: the meeting records it.
  await page.reload();
  await expect(main.getByText(line)).toBeVisible();

  const axe = createAxeScanner();
  await axe.scan(page, 'meeting with offline notes');
  expect(axe.report()).toBe('');
  await shootStates(page, 'notes-engine-offline');
});
