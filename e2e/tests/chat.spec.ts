/**
 * The meeting assistant (4 "Chat", 5 picker and titles, 8 chat errors), against the real server
 * with its offline providers: a real recording is uploaded and transcribed, a question about it
 * gets a streamed answer with citations, a citation opens the cited transcript turn, a second
 * meeting is added with the @ picker, and the chat is reopened from Past chats. Also: Cmd/Ctrl+J,
 * Escape, the sidebar mode, the 30 s history reset and the error sentences. Screenshots go to
 * RECORDER_SHOTS.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TWO_SPEAKERS_WAV } from '../fixtures/audio';
import { shootStates } from '../fixtures/screenshots';
import {
  api,
  dismissTranscriptionPrompt,
  getMeeting,
  signUp,
  uploadRecording,
} from '../fixtures/session';

test.use({ locale: 'en-US' });

interface Chat {
  id: string;
  title: string | null;
  contextMeetingIds: string[];
  latestMessage?: string | null;
}

interface ChatMessage {
  content: string;
  isUser: boolean;
  meetingId: string | null;
  chatId: string | null;
  citations: { text: string; section: string; meetingId?: string | null }[];
}

/** The panel, floating (a non-modal dialog) or docked (a complementary landmark). */
function panel(page: Page): Locator {
  return page
    .getByRole('dialog', { name: 'Meeting Assistant' })
    .or(page.getByRole('complementary', { name: 'Meeting Assistant' }));
}

function questionBox(page: Page): Locator {
  return panel(page).getByRole('combobox', { name: 'Ask a question' });
}

function chips(page: Page): Locator {
  return panel(page).getByRole('list', { name: 'Meetings in this chat' });
}

/** The last answer in the panel, once it has finished streaming. */
async function lastAnswer(page: Page): Promise<Locator> {
  const answer = panel(page).getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toHaveAttribute('data-status', /^(done|error|stopped)$/, {
    timeout: 60_000,
  });
  return answer;
}

async function ask(page: Page, question: string): Promise<Locator> {
  const answers = panel(page).getByRole('article', { name: 'Answer' });
  const before = await answers.count();
  await questionBox(page).fill(question);
  await questionBox(page).press('Enter');
  await expect(answers).toHaveCount(before + 1);
  return lastAnswer(page);
}

const STOP_WORDS = new Set(
  'about above after again against their there these those which while would could should where when what with from have this that were been being into over under your yours ourselves'.split(
    ' ',
  ),
);

/**
 * A word of the transcript to ask about: five letters or more, not a common word, found in as
 * few turns as possible (so the other meeting's passages also make the five quoted ones).
 */
function pickWord(transcript: string): string {
  const turns = transcript.split(/\n\s*\n/);
  const turnsWith = new Map<string, number>();
  for (const turn of turns) {
    const words = new Set(turn.toLowerCase().match(/[a-z]{5,}/g) ?? []);
    for (const word of words) {
      if (!STOP_WORDS.has(word)) turnsWith.set(word, (turnsWith.get(word) ?? 0) + 1);
    }
  }
  const ranked = [...turnsWith].sort((a, b) => a[1] - b[1] || b[0].length - a[0].length);
  expect(ranked.length, `no usable word in: ${transcript}`).toBeGreaterThan(0);
  return ranked[0]![0];
}

test('ask about an uploaded recording, follow a citation, @ a second meeting, reopen from Past chats', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);

  // A real two-person recording, transcribed offline by the server's pipeline.
  const meetingId = await uploadRecording(page, baseURL!, TWO_SPEAKERS_WAV);
  await expect
    .poll(async () => (await getMeeting(page, meetingId)).isProcessing, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe(false);
  const recorded = await getMeeting(page, meetingId);
  expect(recorded.transcript?.trim()).toBeTruthy();
  const word = pickWord(recorded.transcript!);

  // Ask mode opens the panel about this meeting, focus in the question box. From the meeting
  // view it docks as the 384 px sidebar, beside the meeting rather than over it.
  await page.goto(`/meeting/${meetingId}`);
  await page
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Ask' })
    .click();
  const docked = page.getByRole('complementary', { name: 'Meeting Assistant' });
  await expect(docked).toBeVisible();
  const box = (await docked.boundingBox())!;
  expect(box.width).toBe(384);
  expect(box.x + box.width).toBe(1280);
  const main = (await page.locator('main').boundingBox())!;
  expect(main.x + main.width).toBeLessThanOrEqual(box.x + 1);
  await expect(page.getByRole('button', { name: 'Open Meeting Assistant' })).toBeInViewport();
  await expect(panel(page).getByRole('heading', { name: 'Meeting Assistant' })).toBeVisible();
  await expect(panel(page).getByText('Ask a question about the meeting')).toBeVisible();
  await expect(questionBox(page)).toBeFocused();
  await expect(questionBox(page)).toHaveAttribute('placeholder', 'Ask a question...');
  await expect(chips(page).getByRole('listitem')).toHaveText([recorded.title]);
  await shootStates(page, 'chat-sidebar-empty');

  // Blank questions are not sent.
  await questionBox(page).fill('   ');
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await questionBox(page).press('Enter');
  await expect(panel(page).getByRole('article', { name: 'Answer' })).toHaveCount(0);

  // A question with a word of the transcript: a streamed answer that cites the transcript.
  const question = `What about ${word}?`;
  const answer = await ask(page, question);
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(panel(page).getByText(question, { exact: true })).toBeVisible();
  const citations = answer.getByRole('list', { name: 'Citations' }).getByRole('link');
  await expect(citations.first()).toBeVisible();
  const transcriptCitation = answer
    .getByRole('list', { name: 'Citations' })
    .locator('a[href*="view=transcript"]')
    .first();
  await expect(transcriptCitation).toBeVisible();
  const href = (await transcriptCitation.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/meeting/${meetingId}\\?view=transcript&turn=\\d+$`));
  // The answer's [n] markers link to the same places.
  await expect(answer.locator(`a[href^="/meeting/${meetingId}?view="]`).first()).toBeVisible();
  await shootStates(page, 'chat-sidebar-answer');

  // Saved: one chat about this meeting, titled by the answer, with the question and the answer.
  const chats = () => api<Chat[]>(page, 'GET', '/api/chats');
  const messagesOf = (id: string) => api<ChatMessage[]>(page, 'GET', `/api/chats/${id}/messages`);
  await expect.poll(async () => (await chats()).length).toBe(1);
  const chatId = (await chats())[0]!.id;
  await expect.poll(async () => (await messagesOf(chatId)).length).toBe(2);
  await expect.poll(async () => (await chats())[0]!.title).toBeTruthy();
  const [chat] = await chats();
  expect(chat!.contextMeetingIds).toEqual([meetingId]);
  expect(chat!.title).toBeTruthy();
  expect(chat!.title!.length).toBeLessThanOrEqual(60);
  const saved = await messagesOf(chat!.id);
  expect(saved.map((m) => [m.isUser, m.meetingId])).toEqual([
    [true, meetingId],
    [false, meetingId],
  ]);
  expect(saved[0]!.content).toBe(question);
  expect(saved[1]!.citations.length).toBeGreaterThan(0);

  // Following the citation opens Transcript mode with the cited turn in view.
  const turn = Number(/turn=(\d+)/.exec(href)![1]);
  await transcriptCitation.click();
  await expect(page).toHaveURL(href);
  await expect(
    page.getByRole('tablist', { name: 'Meeting view' }).getByRole('tab', { name: 'Transcript' }),
  ).toHaveAttribute('aria-selected', 'true');
  // The card of the cited turn (the list is virtualized: rows carry their turn's index).
  const cited = page
    .getByRole('list', { name: 'Transcript turns' })
    .locator(`li[data-index="${turn}"] [data-cited="true"]`);
  await expect(cited).toBeVisible();
  await expect(cited).toBeInViewport();

  // A second meeting, added with the @ picker.
  const other = await api<{ id: string; title: string }>(page, 'POST', '/api/meetings', {
    title: 'Budget review',
    date: new Date(Date.now() - 86_400_000).toISOString(),
    transcript: [
      `Speaker 1: Before we close the budget, I want to come back to ${word} once more.`,
      'Speaker 2: Fine. The finance team signs off on Friday.',
      `Speaker 1: Then ${word} goes on the list for next quarter.`,
    ].join('\n\n'),
    summary: 'The budget was reviewed; the finance team signs off on Friday.',
  });
  await questionBox(page).fill('@zzzq');
  await expect(panel(page).getByText('No meetings found')).toBeVisible();
  await expect(questionBox(page)).toHaveAttribute('aria-expanded', 'true');
  await questionBox(page).press('Space');
  await expect(questionBox(page)).toHaveAttribute('aria-expanded', 'false');
  await questionBox(page).fill('Compare @budg');
  const picker = panel(page).getByRole('listbox', { name: 'Meetings' });
  await expect(picker.getByRole('option')).toHaveText([/^Budget review/]);
  await expect(picker.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(questionBox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await picker.getByRole('option').first().getAttribute('id'))!,
  );
  await shootStates(page, 'chat-picker');
  // Escape closes the picker, not the panel; typing again reopens it.
  await questionBox(page).press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await questionBox(page).fill('@budg');
  await expect(picker.getByRole('option')).toHaveCount(1);
  await questionBox(page).press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(questionBox(page)).toHaveValue('');
  await expect(chips(page).getByRole('listitem')).toHaveText([recorded.title, 'Budget review']);
  await expect
    .poll(async () => (await chats())[0]!.contextMeetingIds.sort())
    .toEqual([meetingId, other.id].sort());

  // Asked across both: citations from both meetings, each named.
  const across = await ask(page, `What do both meetings say about ${word}?`);
  const links = across.getByRole('list', { name: 'Citations' }).getByRole('link');
  await expect(links.filter({ hasText: 'Budget review' }).first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href')),
  );
  expect(hrefs.some((h) => h.includes(meetingId))).toBe(true);
  expect(hrefs.some((h) => h.includes(other.id))).toBe(true);

  // Moved to the floating window and back.
  await docked.getByRole('button', { name: 'Move to floating window' }).click();
  const floating = page.getByRole('dialog', { name: 'Meeting Assistant' });
  await expect(floating).toBeVisible();
  await expect(floating).toHaveAttribute('aria-modal', 'false');
  expect((await floating.boundingBox())!.width).toBe(640);
  await expect(floating.getByRole('article', { name: 'Answer' })).toHaveCount(2);
  await shootStates(page, 'chat-floating-answer');
  await floating.getByRole('button', { name: 'Move to sidebar' }).click();
  await expect(docked).toBeVisible();

  // Past chats, after a full reload (nothing left in memory): the chat reopens with its messages.
  await page.goto('/chats');
  await expect(page).toHaveTitle('Past chats - Summy');
  await expect(page.getByRole('heading', { name: 'Past chats', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Today' })).toBeVisible();
  const entry = page.getByRole('button', { name: chat!.title! });
  await expect(entry).toBeVisible();
  await shootStates(page, 'chats-list');
  await entry.click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText(question, { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('article', { name: 'Answer' })).toHaveCount(2);
  await expect(chips(page).getByRole('listitem')).toHaveText([recorded.title, 'Budget review']);
  await expect(entry).toHaveAttribute('aria-current', 'true');
  // Going on in the reopened chat adds to it, not to a new one.
  await ask(page, `And ${word} again?`);
  await expect.poll(async () => (await messagesOf(chat!.id)).length).toBe(6);
  expect(await chats()).toHaveLength(1);
});

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
  await page.keyboard.press('Escape');
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
    await page.waitForTimeout(500);
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
  const panelCode = hold(/\/assets\/chat-panel-[\w-]+\.js$/);
  const askCode = hold(/\/assets\/meeting-ask-[\w-]+\.js$/);
  await page.goto(`/meeting/${meeting.id}`);
  await page
    .getByRole('tablist', { name: 'Meeting view' })
    .getByRole('tab', { name: 'Ask' })
    .click();
  await expect.poll(() => panelCode.requested && askCode.requested).toBe(true);
  // In this order, 60 ms apart, as the CI trace of the failure shows them.
  panelCode.release();
  await page.waitForTimeout(60);
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
