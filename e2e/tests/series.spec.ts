/**
 * In the browser: series memory. A meeting of a recurring event shows 'Last time' above its
 * summary (the previous meeting's overview and decisions, the series' open action items with
 * their owners, linked back), an item completed on the to-do list leaves it, and Ask offers 'This
 * series', which opens the assistant about every meeting of the series. A later meeting of the
 * series, recorded and processed by a language model, suggests the items it resolves.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { defaultFakeScript, type FakeLlmRequest } from '@summy/fakes/llm';
import { JFK_WEBM } from '../fixtures/audio';
import { chips, panel } from '../fixtures/chat';
import { createMeeting, mode, SUMMARY } from '../fixtures/meeting-view';
import { shootStates } from '../fixtures/screenshots';
import { startScriptedSummy } from '../fixtures/scripted-summy';
import {
  api,
  dismissTranscriptionPrompt,
  getMeeting,
  signUp,
  waitForProcessed,
} from '../fixtures/session';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

test("'Last time' recalls the previous meeting of the series, and Ask covers the series", async ({
  page,
}) => {
  await signUp(page);
  await dismissTranscriptionPrompt(page);
  const link = (id: string) =>
    api(page, 'PATCH', `/api/meetings/${id}`, {
      calendarEventId: `evt-${id}`,
      calendarEventTitle: 'Product sync',
      calendarRecurringEventId: 'rec-product-sync',
    });
  const older = await createMeeting(page, {
    title: 'Product sync, Nov 13',
    date: '2026-11-13T15:00:00.000Z',
    summary: 'First look at the launch plan.',
  });
  const previous = await createMeeting(page, {
    title: 'Product sync, Nov 20',
    date: '2026-11-20T15:00:00.000Z',
    summary: SUMMARY,
  });
  const current = await createMeeting(page, {
    title: 'Product sync, Nov 27',
    date: '2026-11-27T15:00:00.000Z',
    summary: '## Overview\n\nThe launch checklist was reviewed.',
  });
  // Not of the series: no link.
  const unrelated = await createMeeting(page, {
    title: 'Coffee chat',
    date: '2026-11-26T15:00:00.000Z',
    summary: 'Talked about books.',
  });
  for (const m of [older, previous, current]) await link(m.id);
  const todo = (title: string, meetingId: string, assignedTo?: string) =>
    api<{ id: string }>(page, 'POST', '/api/todos', { title, meetingId, assignedTo });
  await todo('Renew the domain', older.id, 'Dan Brown');
  const budget = await todo('Send the updated budget to finance', previous.id, 'Grace Hopper');
  await todo('Book the offsite venue', previous.id);

  await page.goto(`/meeting/${current.id}`);
  const card = page.getByRole('region', { name: 'Last time' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Product sync, Nov 20 · Nov 20' })).toBeVisible();
  // The summary's Markdown as plain text: no markup, and no link of any kind.
  await expect(
    card.getByText(
      'The team agreed on the Q3 budget and moved the offsite to October to afford a new designer.',
    ),
  ).toBeVisible();
  const decisions = card.getByRole('list', { name: 'Decisions' });
  await expect(decisions.getByRole('listitem')).toHaveText([
    'Hire an extra designer this quarter',
    'Offsite moves to October; details on the project page',
    'Ignore this evil link and that one',
  ]);
  await expect(decisions.getByRole('link')).toHaveCount(0);
  const open = card.getByRole('list', { name: 'Still open (3)' });
  await expect(open.getByRole('listitem')).toHaveText([
    'Send the updated budget to finance · Grace Hopper',
    'Book the offsite venue',
    'Renew the domain · Dan Brown · from Nov 13',
  ]);
  await shootStates(page, 'meeting-last-time');

  // Completed on the to-do list, an item is no longer carried.
  await api(page, 'PATCH', `/api/todos/${budget.id}`, { completed: true });
  await expect(card.getByRole('list', { name: 'Still open (2)' })).toBeVisible();
  await expect(card.getByText('Send the updated budget to finance')).toHaveCount(0);

  // Its link opens the previous meeting, whose own 'Last time' recalls the older one.
  await card.getByRole('link', { name: 'Product sync, Nov 20 · Nov 20' }).click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${previous.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product sync, Nov 20');
  await expect(
    page.getByRole('region', { name: 'Last time' }).getByText('First look at the launch plan.'),
  ).toBeVisible();

  // A meeting of no series shows no 'Last time' and offers no series scope.
  await page.goto(`/meeting/${unrelated.id}?view=ask`);
  await expect(page.getByRole('button', { name: 'Open Meeting Assistant' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Ask about' })).toHaveCount(0);
  await page.goto(`/meeting/${unrelated.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coffee chat');
  await expect(page.getByRole('region', { name: 'Last time' })).toHaveCount(0);

  // Ask about the series, by keyboard: the assistant opens about its three meetings.
  await page.goto(`/meeting/${current.id}?view=ask`);
  const scope = page.getByRole('radiogroup', { name: 'Ask about' });
  await expect(scope.getByRole('radio', { name: 'This meeting' })).toBeChecked();
  await scope.getByRole('radio', { name: 'This meeting' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(scope.getByRole('radio', { name: 'This series (3)' })).toBeChecked();
  await expect(scope.getByRole('radio', { name: 'This series (3)' })).toBeFocused();
  await expect(page.getByText('Ask a question about Product sync')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'What is still open across this series?' }),
  ).toBeVisible();
  await shootStates(page, 'meeting-ask-series');
  await page.getByRole('button', { name: 'Open Meeting Assistant' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(chips(page).getByRole('listitem')).toHaveText([
    'Product sync, Nov 27',
    'Product sync, Nov 20',
    'Product sync, Nov 13',
  ]);
});

/**
 * The language model's follow-up: the first open item is done, quoting the first words of the
 * transcript (whatever the offline speech recognition heard), as a model quotes what was said.
 */
function followUpScript(req: FakeLlmRequest): string | Promise<string> {
  if (!req.system.toLowerCase().includes('follow up on open action items')) {
    return defaultFakeScript(req);
  }
  const transcript = req.prompt.split('Transcript:\n\n')[1] ?? '';
  const firstTurn = transcript.split('\n\n')[0]!.replace(/^[^:]+:\s*/, '');
  return JSON.stringify({
    done: [{ item: 1, evidence: firstTurn.split(/\s+/).slice(0, 6).join(' ') }],
  });
}

/** Records jfk.wav as a meeting of the series (linked before it stops) and waits for its notes. */
async function recordInSeries(page: Page, origin: string, recurring: string): Promise<string> {
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Product sync, Nov 27',
    date: '2026-11-27T15:00:00.000Z',
    isRecording: true,
  });
  await api(page, 'PATCH', `/api/meetings/${meeting.id}`, {
    calendarEventId: `evt-${meeting.id}`,
    calendarEventTitle: 'Product sync',
    calendarRecurringEventId: recurring,
  });
  const chunk = await page.request.post(`/api/meetings/${meeting.id}/audio?index=0`, {
    headers: { Origin: origin, 'Content-Type': 'audio/webm' },
    data: readFileSync(JFK_WEBM),
  });
  expect(chunk.status()).toBe(200);
  const stop = await page.request.post(`/api/meetings/${meeting.id}/stop`, {
    headers: { Origin: origin },
    data: { durationMs: 11_000 },
  });
  expect(stop.status()).toBe(200);
  await waitForProcessed(page, meeting.id, 240_000);
  return meeting.id;
}

test('a later meeting of the series suggests the open items it resolves; Mark done completes one', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The notes are checked, not the recogniser: jfk.wav's words come from the Deepgram fake.
  const scripted = await startScriptedSummy(browser, {
    script: followUpScript,
    context: { timezoneId: 'UTC' },
  });
  try {
    const { page, summy } = scripted;
    const earlier = await api<{ id: string }>(page, 'POST', '/api/meetings', {
      title: 'Product sync, Nov 20',
      date: '2026-11-20T15:00:00.000Z',
      summary: '## Overview\n\nThe speech draft was reviewed.',
    });
    await api(page, 'PATCH', `/api/meetings/${earlier.id}`, {
      calendarEventId: `evt-${earlier.id}`,
      calendarEventTitle: 'Product sync',
      calendarRecurringEventId: 'rec-speech',
    });
    const draft = await api<{ id: string }>(page, 'POST', '/api/todos', {
      title: 'Rehearse the inaugural speech',
      assignedTo: 'Grace Hopper',
      meetingId: earlier.id,
    });
    await api(page, 'POST', '/api/todos', { title: 'Book the hall', meetingId: earlier.id });

    const later = await recordInSeries(page, summy.origin, 'rec-speech');
    // The summary mentions what was carried over.
    const meeting = await getMeeting(page, later);
    expect(meeting.summary).toContain('## Carried over');
    expect(meeting.summary).toContain(
      '**Likely done:** Rehearse the inaugural speech (Grace Hopper)',
    );
    expect(meeting.summary).toContain('**Still open:** Book the hall');

    await page.goto(`/meeting/${later}`);
    const card = page.getByRole('region', { name: 'Last time' });
    const done = card.getByRole('list', { name: 'Likely done in this meeting' });
    await expect(done.getByRole('listitem')).toHaveCount(1);
    await expect(done).toContainText('Rehearse the inaugural speech · Grace Hopper');
    await expect(card.getByRole('list', { name: 'Still open (1)' })).toContainText('Book the hall');
    await expect(page.getByRole('heading', { name: 'Carried over' })).toBeVisible();
    await shootStates(page, 'meeting-last-time-likely-done');

    // What was said links to its turn of the transcript.
    await done.getByRole('link').click();
    await expect(mode(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
    await mode(page, 'Summary').click();

    await card.getByRole('button', { name: 'Mark done: Rehearse the inaugural speech' }).click();
    await expect(page.getByText('Marked done: Rehearse the inaugural speech')).toBeVisible();
    await expect(done).toHaveCount(0);
    const todos = await api<{ id: string; completed: boolean }[]>(
      page,
      'GET',
      `/api/todos?meetingId=${earlier.id}`,
    );
    expect(todos.find((t) => t.id === draft.id)?.completed).toBe(true);
  } finally {
    await scripted.close();
  }
});
