/**
 * Remote images and security headers. `![x](http://elsewhere/track.png?leak=...)` in a summary, a
 * transcript turn or an assistant answer must never be fetched: a loopback HTTP server of this test
 * plays "elsewhere" (another origin than the app's) and counts every hit. The image shows as a
 * link; the app itself runs without a single Content-Security-Policy violation; the headers are on
 * the web app and the API. Screenshots of the summary go to RECORDER_SHOTS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, signUp } from '../fixtures/session';
import { holdsFor } from '../fixtures/settle';

test.use({ locale: 'en-US' });

/** "Elsewhere": a server on another loopback origin that counts what reaches it. */
let elsewhere: Server;
let elsewhereOrigin: string;
const hits: string[] = [];

test.beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    hits.push(req.url ?? '');
    // A real 1x1 GIF, so a loaded image would render rather than fail.
    res.writeHead(200, { 'content-type': 'image/gif' });
    res.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64'));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

/**
 * Records, from the page's first script on, every CSP violation (the `securitypolicyviolation`
 * event and Chromium's 'Refused to ...' console errors) and every request to "elsewhere".
 */
async function watch(page: Page) {
  const violations: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(text);
  });
  page.on('request', (request) => {
    if (request.url().startsWith(elsewhereOrigin)) requests.push(request.url());
  });
  // A string, because this package is type-checked without the DOM library.
  await page.addInitScript(
    `document.addEventListener('securitypolicyviolation', (event) => console.error(` +
      '`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));',
  );
  return { violations, requests };
}

/** Markdown images with a tracking URL naming where each was planted. */
const image = (where: string) => `![tracking pixel](${elsewhereOrigin}/track.png?leak=${where})`;

test('remote markdown images are shown as links and never requested; no CSP violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { violations, requests } = await watch(page);
  await signUp(page);

  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Vendor review',
    summary: [
      '## Overview',
      '',
      `The vendor sent a chart: ${image('summary')}`,
      '',
      `- A reference image: ![logo][l]`,
      '',
      `[l]: ${elsewhereOrigin}/logo.png?leak=summary-reference`,
    ].join('\n'),
    transcript: [
      `Speaker 1: Here is the tracking chart ${image('transcript')} for the vendor.`,
      '',
      'Speaker 2: The vendor tracking chart looks fine to me.',
    ].join('\n'),
  });

  // Summary: the image is a link labelled with its alt text, to its URL, and no <img> exists.
  await page.goto(`/meeting/${meeting.id}`);
  const summary = page.getByRole('article', { name: 'Summary' });
  await expect(summary.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const link = summary.getByRole('link', { name: 'tracking pixel' });
  await expect(link).toHaveAttribute('href', `${elsewhereOrigin}/track.png?leak=summary`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(summary.getByRole('link', { name: 'logo' })).toHaveAttribute(
    'href',
    `${elsewhereOrigin}/logo.png?leak=summary-reference`,
  );
  await expect(page.locator('img')).toHaveCount(0);
  await shootStates(page, 'summary-remote-image');

  // The Radix menu locks scrolling with an injected <style>: the CSP must allow it.
  await page.getByRole('button', { name: 'Meeting actions', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');

  // Transcript: turns are plain text, so the markdown shows as written.
  await page
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Transcript' })
    .click();
  const turns = page.getByRole('list', { name: 'Transcript turns' }).getByRole('article');
  await expect(turns.first()).toContainText(`${elsewhereOrigin}/track.png?leak=transcript`);

  // An assistant answer: asked live (the offline provider quotes the turn), then a saved answer
  // holding the image reopened from Past chats.
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+j' : 'Control+j');
  const panel = page
    .getByRole('dialog', { name: 'Meeting Assistant' })
    .or(page.getByRole('complementary', { name: 'Meeting Assistant' }));
  const box = panel.getByRole('combobox', { name: 'Ask a question' });
  await box.fill('What about the vendor tracking chart?');
  await box.press('Enter');
  await expect(panel.getByRole('article', { name: 'Answer' }).last()).toHaveAttribute(
    'data-status',
    'done',
    { timeout: 60_000 },
  );
  await box.press('Escape');

  const chat = await api<{ id: string }>(page, 'POST', '/api/chats', {
    title: 'Saved answer with an image',
    contextMeetingIds: [meeting.id],
  });
  await api(page, 'POST', `/api/chats/${chat.id}/messages`, {
    content: 'Show me the chart',
    isUser: true,
    meetingId: meeting.id,
  });
  await api(page, 'POST', `/api/chats/${chat.id}/messages`, {
    content: `Here it is: ${image('answer')}`,
    isUser: false,
    meetingId: meeting.id,
  });
  await page.goto('/chats');
  await page.getByRole('button', { name: 'Saved answer with an image' }).click();
  const answer = panel.getByRole('article', { name: 'Answer' });
  await expect(answer.getByRole('link', { name: 'tracking pixel' })).toHaveAttribute(
    'href',
    `${elsewhereOrigin}/track.png?leak=answer`,
  );
  await expect(panel.locator('img')).toHaveCount(0);

  // Nothing left the app and nothing was refused, and a late request does not show up either.
  await holdsFor(
    'no request left the app',
    () => requests.length + hits.length + violations.length === 0,
    1_000,
  );
  expect(requests).toEqual([]);
  expect(hits).toEqual([]);
  expect(violations).toEqual([]);
});

test('the web app and the API answer with the security headers', async ({ page }) => {
  for (const url of ['/', '/api/health']) {
    const response = await page.request.get(url);
    expect(response.ok(), url).toBe(true);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, url).toContain("default-src 'self'");
    expect(csp, url).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp, url).toMatch(/(^|; )connect-src 'self'(;|$)/);
    expect(csp, url).toContain("img-src 'self' data: blob:");
    expect(csp, url).toContain("object-src 'none'");
    expect(csp, url).toContain("base-uri 'self'");
    expect(csp, url).toContain("form-action 'self'");
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  }
  // index.html has no inline script left: every <script> has a src on this origin.
  const html = await (await page.request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc="\/[^/]/);
    expect(body!.trim()).toBe('');
  }
});
