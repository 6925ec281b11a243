/**
 * The meeting assistant (4 "Chat", 5 picker and titles, 8 chat errors), against the real server
 * with its offline providers: a real recording (jfk.wav, 11 s: a 30 s one cost three times the
 * PocketSphinx time and asserted nothing more) is uploaded and transcribed, a question about it
 * gets a streamed answer with citations, a citation opens the cited transcript turn, a second
 * meeting is added with the @ picker, and the chat is reopened from Past chats. Cmd/Ctrl+J,
 * Escape, the sidebar mode, the 30 s history reset and the error sentences: chat-panel.spec.ts.
 * Screenshots go to RECORDER_SHOTS.
 */
import { expect, test } from '@playwright/test';
import { JFK_WAV } from '../fixtures/audio';
import { shootStates } from '../fixtures/screenshots';
import {
  api,
  dismissTranscriptionPrompt,
  getMeeting,
  signUp,
  uploadRecording,
} from '../fixtures/session';
import type { Chat, ChatMessage } from '../fixtures/chat';
import { ask, chips, panel, pickWord, questionBox } from '../fixtures/chat';

test.use({ locale: 'en-US' });

test('ask about an uploaded recording, follow a citation, @ a second meeting, reopen from Past chats', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUp(page);
  await dismissTranscriptionPrompt(page);

  // A real recording, transcribed offline by the server's pipeline.
  const meetingId = await uploadRecording(page, baseURL!, JFK_WAV);
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
  // Polled: a box read in the frame the panel moves can still be the old layout's.
  await expect.poll(async () => (await floating.boundingBox())?.width).toBe(640);
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
