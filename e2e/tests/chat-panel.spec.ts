/**
 * In the browser: the Meeting Assistant panel's keyboard use, its 30 s reset and errors, when a
 * chat is saved, and which meeting it is about.
 */
import { expect, test } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, signUp } from '../fixtures/session';
import type { Chat } from '../fixtures/chat';
import { ask, chips, lastAnswer, panel, questionBox } from '../fixtures/chat';
import { holdsFor } from '../fixtures/settle';

test.use({ locale: 'en-US' });

test('keyboard, the 30 s reset, errors and the empty Past chats', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signUp(page, '/chats');
  await expect(page.getByText('No past chats yet')).toBeVisible();
  await expect(page.getByText('Start a conversation with Summy to see it here')).toBeVisible();
  await shootStates(page, 'chats-empty');

  const meeting = await api<{ id: string; title: string }>(page, 'POST', '/api/meetings', {
    title: 'Launch sync',
    transcript:
      'Speaker 1: The launch moves to May because the venue is booked.\n\nSpeaker 2: Then the invitations go out in April.',
    summary: 'The launch moves to May; invitations go out in April.',
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  // Ctrl+J (Cmd+J on a Mac) toggles; the panel about all meetings by default.
  const shortcut = process.platform === 'darwin' ? 'Meta+j' : 'Control+j';
  await page.keyboard.press(shortcut);
  await expect(panel(page)).toBeVisible();
  await expect(questionBox(page)).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Meeting Assistant' })).toBeVisible();
  await expect(chips(page).getByRole('listitem')).toHaveText(['All meetings']);
  await shootStates(page, 'chat-floating-empty');
  await page.keyboard.press(shortcut);
  await expect(panel(page)).toBeHidden();
  await page.keyboard.press(shortcut);
  await expect(panel(page)).toBeVisible();

  // Shift+Enter makes a new line; Enter sends.
  await questionBox(page).fill('When is the launch?');
  await questionBox(page).press('Shift+Enter');
  await questionBox(page).pressSequentially('Please.');
  await expect(questionBox(page)).toHaveValue('When is the launch?\nPlease.');
  await questionBox(page).press('Enter');
  const answer = await lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByRole('list', { name: 'Citations' })).toContainText('Launch sync');

  // Escape closes; reopened within 30 s the conversation is there, after 30 s it is gone.
  await questionBox(page).press('Escape');
  await expect(panel(page)).toBeHidden();
  await page.clock.fastForward(20_000);
  await page.keyboard.press(shortcut);
  await expect(panel(page).getByRole('article', { name: 'Answer' })).toHaveCount(1);
  await questionBox(page).press('Escape');
  await page.clock.fastForward(31_000);
  await page.keyboard.press(shortcut);
  await expect(panel(page).getByText('Ask a question about the meeting')).toBeVisible();
  await expect(panel(page).getByRole('article', { name: 'Answer' })).toHaveCount(0);

  // The server's error, in the documented words; then a connection failure.
  await page.route('**/api/chat/stream', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Chat failed', details: 'No response generated' }),
    }),
  );
  const failed = await ask(page, 'Anything?');
  await expect(failed).toHaveText(
    'Sorry, I encountered an error: Chat failed. No response generated',
  );
  await page.unroute('**/api/chat/stream');
  await page.route('**/api/chat/stream', (route) => route.abort('connectionreset'));
  const offline = await ask(page, 'Still there?');
  await expect(offline).toHaveText(
    "Sorry, I'm having trouble connecting right now. Please try again later.",
  );
  await page.unroute('**/api/chat/stream');

  // Stop: a server that never answers, and the question is abandoned.
  await page.route('**/api/chat/stream', () => undefined);
  await questionBox(page).fill('Are you there?');
  await questionBox(page).press('Enter');
  await expect(panel(page).getByRole('status', { name: 'Thinking' })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Send' })).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Stop' }).click();
  const stopped = await lastAnswer(page);
  await expect(stopped).toHaveAttribute('data-status', 'stopped');
  await expect(stopped).toHaveText('Stopped before answering');
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The recorder's Chat button and a meeting: opened about that meeting, a fresh conversation.
  await page.goto(`/meeting/${meeting.id}`);
  await expect(page.getByRole('heading', { name: 'Launch sync', level: 1 })).toBeVisible();
  await page.keyboard.press(shortcut);
  await expect(chips(page).getByRole('listitem')).toHaveText(['All meetings']);
  // The floating window covers the bottom bar's right end: closed first, Ask reopens it, docked.
  // Escape acts from inside the panel, which takes focus a frame after it opens: on a loaded
  // machine a press before that frame closed nothing and the window hid the Ask tab.
  await expect(questionBox(page)).toBeFocused();
  await questionBox(page).press('Escape');
  await expect(panel(page)).toBeHidden();
  await page
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Ask' })
    .click();
  await expect(chips(page).getByRole('listitem')).toHaveText(['Launch sync']);
  // A suggested question is asked at once.
  await page.getByRole('button', { name: 'What were the key decisions?' }).click();
  const suggested = await lastAnswer(page);
  await expect(
    panel(page).getByText('What were the key decisions?', { exact: true }),
  ).toBeVisible();
  await expect(suggested).toHaveAttribute('data-status', 'done');
  // Removing the chip asks about all meetings again.
  await chips(page).getByRole('button', { name: 'Remove Launch sync' }).click();
  await expect(chips(page).getByRole('listitem')).toHaveText(['All meetings']);
});

test('opening the panel saves no chat until the first question; sign-out forgets the chat context', async ({
  page,
}) => {
  // Regression: each opening of the panel left an empty 'Chat' row in Past chats, and sign-out left
  // `summy-chat-context` in local storage.
  await signUp(page);
  const meeting = await api<{ id: string; title: string }>(page, 'POST', '/api/meetings', {
    title: 'Hiring sync',
    transcript: 'Speaker 1: We hire two designers in June.\n\nSpeaker 2: The budget allows it.',
  });
  const chats = () => api<Chat[]>(page, 'GET', '/api/chats');
  const shortcut = process.platform === 'darwin' ? 'Meta+j' : 'Control+j';
  let chatPosts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/chats')) chatPosts++;
  });

  // Opened and closed three times, once about a meeting: nothing saved.
  for (const [path, heading] of [
    ['/', 'Home'],
    [`/meeting/${meeting.id}`, 'Hiring sync'],
    ['/chats', 'Past chats'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.keyboard.press(shortcut);
    await expect(questionBox(page)).toBeFocused();
    // The regression saved the chat on opening: no such request, all along the panel's half second.
    await holdsFor('no chat saved on opening', () => chatPosts === 0, 500);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
  }
  expect(await chats()).toEqual([]);
  await expect(page.getByText('No past chats yet')).toBeVisible();

  // The first question creates the chat, with its context kept in this browser too.
  await page.keyboard.press(shortcut);
  const answer = await ask(page, 'When do we hire the designers?');
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect.poll(async () => (await chats()).length).toBe(1);
  const stored = () => page.evaluate(() => localStorage.getItem('summy-chat-context'));
  await expect.poll(stored).toContain((await chats())[0]!.id);

  // Sign-out clears it (the theme, a choice of this browser, stays).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored()).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('the panel keeps its meeting when its code arrives only after it was opened', async ({
  page,
}) => {
  // Seen once in CI on a loaded machine: Ask was clicked before the panel's code had been
  // preloaded, and the panel opened with 'All meetings' instead of the meeting. Not reproduced
  // here by holding the code back; kept as the scenario's check (lib/lazy-with-preload.tsx).
  await signUp(page);
  const meeting = await api<{ id: string; title: string }>(page, 'POST', '/api/meetings', {
    title: 'Vendor review',
    transcript: 'Speaker 1: The vendor ships in May.\n\nSpeaker 2: Then we test in June.',
  });
  // Hold back the code of the panel and of the Ask mode, as on a machine too busy to have
  // preloaded them, until Ask is clicked; then the panel's arrives first, the mode's after.
  const hold = (pattern: RegExp) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const state = { requested: false, release };
    void page.route(pattern, async (route) => {
      state.requested = true;
      await held;
      await route.continue();
    });
    return state;
  };
  const panelPattern = /\/assets\/chat-panel-[\w-]+\.js$/;
  const panelCode = hold(panelPattern);
  const askCode = hold(/\/assets\/meeting-ask-[\w-]+\.js$/);
  await page.goto(`/meeting/${meeting.id}`);
  await page
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Ask' })
    .click();
  await expect.poll(() => panelCode.requested && askCode.requested).toBe(true);
  // In this order, as the CI trace of the failure shows them: the mode's code only once the
  // panel's has arrived.
  const panelArrived = page.waitForEvent('requestfinished', (r) => panelPattern.test(r.url()));
  panelCode.release();
  await panelArrived;
  askCode.release();
  await expect(chips(page).getByRole('listitem')).toHaveText(['Vendor review']);
  // Later renders (moving the panel) keep the conversation and its meeting.
  await panel(page).getByRole('button', { name: 'Move to floating window' }).click();
  await expect(page.getByRole('dialog', { name: 'Meeting Assistant' })).toBeVisible();
  await expect(chips(page).getByRole('listitem')).toHaveText(['Vendor review']);
  await questionBox(page).fill('When does the vendor ship?');
  await questionBox(page).press('Enter');
  const answer = await lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(chips(page).getByRole('listitem')).toHaveText(['Vendor review']);
});
