/**
 * In the browser: the AI section of Settings > General and 'Regenerate summary' on a meeting. On
 * the shared e2e server (no language model configured) the vendors' models are listed disabled with
 * why. On a Summy of its own, pointed at the fake Anthropic and the fake OpenAI (@summy/fakes/llm),
 * a model and a template chosen in Settings reach the pipeline (the fake sees the model id, the
 * summary has the template's headings) for a real recording (jfk.wav through the server's
 * PocketSphinx fallback); then 'Regenerate summary' with another template and model keeps the
 * previous summary, under 'Regenerating summary...', until the fake has answered, and replaces it;
 * a failed run keeps it and says why. Screenshots (RECORDER_SHOTS) of the AI section, the dialog,
 * the regenerating summary, the regenerated one (which says the model that wrote its notes) and
 * the failed run at 1280 and 375 px, light and dark.
 */
import { SUMMARY_TEMPLATES } from '@summy/core';
import { expect, test, type Page } from '@playwright/test';
import {
  defaultFakeScript,
  startFakeAnthropic,
  startFakeOpenAi,
  type FakeLlmRequest,
  type FakeVendor,
} from '@summy/fakes/llm';
import { spawnSummy, waitHealthy } from '../../apps/server/test/processes';
import { JFK_WAV } from '../fixtures/audio';
import { shootStates } from '../fixtures/screenshots';
import { startSpeechFake } from '../fixtures/speech-fake';
import {
  api,
  dismissTranscriptionPrompt,
  signUp,
  uploadRecording,
  waitForProcessed,
} from '../fixtures/session';

const CLAUDE = 'anthropic:claude-sonnet-4-20250514';
const STORAGE_KEY = 'summy-ai-preferences-v1';

/** The Settings dialog. */
const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** The toast saying `text`. */
const toastWith = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The stored copy of the preferences in this browser. */
async function storedPreferences(page: Page): Promise<unknown> {
  const raw = await page.evaluate(`localStorage.getItem('${STORAGE_KEY}')`);
  return typeof raw === 'string' ? JSON.parse(raw) : null;
}

/**
 * Scrolls the open Settings dialog so the AI section starts at its top, or (`end`) so the section's
 * last line, the template's headings, is in its middle (for screenshots).
 */
async function showAiSection(page: Page, at: 'start' | 'end' = 'start'): Promise<void> {
  const target =
    at === 'start'
      ? settingsDialog(page).getByRole('region', { name: 'AI' })
      : settingsDialog(page).getByText(/^Sections: /);
  await target.evaluate(
    (el, block) => (el as { scrollIntoView(o: object): void }).scrollIntoView({ block }),
    at === 'start' ? 'start' : 'center',
  );
}

/**
 * The template a summary prompt asks for: the one whose every heading the system prompt names
 * (each template has a heading of its own, so exactly one matches).
 */
function promptTemplate(system: string) {
  return SUMMARY_TEMPLATES.find((t) => t.sections.every((s) => system.includes(s.heading)));
}

/** What the fakes were asked to summarise: model id and template, in order. */
interface SummaryCall {
  vendor: 'anthropic' | 'openai';
  model: string;
  template: string | undefined;
}

/**
 * A fake's script: the summary task answers the headings its prompt asked for (and which model
 * wrote it), after `gate` when one is set, so a test can hold a regeneration in flight; every
 * other task answers the fakes' defaults.
 */
function scriptFor(
  vendor: SummaryCall['vendor'],
  calls: SummaryCall[],
  gate: { wait?: Promise<void> },
) {
  return async (req: FakeLlmRequest) => {
    if (!/summary of a meeting/i.test(req.system)) return defaultFakeScript(req);
    const template = promptTemplate(req.system);
    calls.push({ vendor, model: req.model, template: template?.id });
    await gate.wait;
    const sections = template?.sections ?? [];
    const summary = sections
      .map((s) => `## ${s.heading}\n\n- From ${req.model} for the ${template!.label} template.\n`)
      .join('\n');
    return JSON.stringify({ summary, topics: [{ topic: 'Space', confidence: 0.8 }] });
  };
}

test('models this server cannot run are listed disabled with why; a template choice is kept', async ({
  page,
}) => {
  await signUp(page, '/?tab=general');
  const dialog = settingsDialog(page);
  const summaryModel = dialog.getByLabel('Summaries and action items');
  await expect(summaryModel).toBeEnabled();
  // No language model on the shared e2e server: only Auto can be chosen, for summaries and chat.
  for (const select of [summaryModel, dialog.getByLabel('Chat')]) {
    await expect(select.locator('option')).toHaveText([
      'Auto',
      'Claude Sonnet 4 (not available)',
      'GPT-5 (not available)',
      'GPT-5 mini (not available)',
    ]);
    await expect(select.locator(`option[value="${CLAUDE}"]`)).toBeDisabled();
    await expect(select.locator('option[value="auto"]')).toBeEnabled();
  }
  // The reasons are written out, not hidden in a tooltip.
  const reasons = dialog.getByRole('listitem').filter({ hasText: 'is not set on this server' });
  await expect(reasons.filter({ hasText: 'Claude Sonnet 4' })).toContainText(
    'ANTHROPIC_API_KEY is not set on this server',
  );
  await expect(reasons.filter({ hasText: 'GPT-5 mini' })).toContainText(
    'OPENAI_API_KEY is not set on this server',
  );
  // Picking a disabled option is refused by the browser itself.
  await expect(summaryModel.selectOption(CLAUDE, { timeout: 2_000 })).rejects.toThrow();
  await shootStates(page, 'ai-settings-unconfigured', () => showAiSection(page));
  await shootStates(page, 'ai-settings-unconfigured-template', () => showAiSection(page, 'end'));

  // A template choice: its description and headings at once, 'Saved', on the server and locally.
  const template = dialog.getByLabel('Summary template');
  await template.selectOption({ label: 'Interview' });
  await expect(
    dialog.getByText('Sections: Candidate, Strengths, Concerns, Recommendation'),
  ).toBeVisible();
  await expect(toastWith(page, 'Saved')).toBeVisible();
  const settings = await api<{ preferences: Record<string, string> }>(
    page,
    'GET',
    '/api/settings/ai',
  );
  expect(settings.preferences).toEqual({
    summaryModel: 'auto',
    chatModel: 'auto',
    summaryTemplate: 'interview',
  });
  expect(await storedPreferences(page)).toEqual(settings.preferences);
  await page.reload();
  await expect(settingsDialog(page).getByLabel('Summary template')).toHaveValue('interview');
});

test('the chosen model and template reach the pipeline; Regenerate summary replaces the summary', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const calls: SummaryCall[] = [];
  const gate: { wait?: Promise<void> } = {};
  const anthropic = await startFakeAnthropic({
    script: scriptFor('anthropic', calls, gate),
    // Its 500s below say 'retry after 0 s': the AI SDK's own back-off (2 s, then 4 s) between
    // the tries is only waiting here, where the tries running out is what counts.
    serverErrorRetryAfterSeconds: 0,
  });
  const openai = await startFakeOpenAi({ script: scriptFor('openai', calls, gate) });
  // The notes are checked, not the recogniser: jfk.wav's words come from the Deepgram fake.
  const speech = await startSpeechFake();
  const summy = await spawnSummy(
    {
      ANTHROPIC_API_KEY: anthropic.apiKey,
      ANTHROPIC_BASE_URL: anthropic.url,
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
      // The same fake as an OpenAI-compatible server: its model joins the choices.
      OPENAI_COMPATIBLE_BASE_URL: openai.url,
      OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
      ...speech.settings,
      TRUST_PROXY: 'true',
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
    },
    { migrated: true },
  );
  const vendors: FakeVendor[] = [anthropic, openai];
  try {
    await waitHealthy(summy);
    const context = await browser.newContext({ baseURL: summy.url, locale: 'en-US' });
    const page = await context.newPage();
    await signUp(page, '/');
    await dismissTranscriptionPrompt(page);

    // Settings > General: GPT-5 mini for summaries, the stand-up template.
    await page.goto('/?tab=general');
    const dialog = settingsDialog(page);
    const summaryModel = dialog.getByLabel('Summaries and action items');
    await expect(summaryModel.locator('option')).toHaveText([
      'Auto',
      'Claude Sonnet 4',
      'GPT-5',
      'GPT-5 mini',
      'llama3.1:8b',
    ]);
    await expect(dialog.getByText('Not available on this server')).toHaveCount(0);
    await summaryModel.selectOption({ label: 'GPT-5 mini' });
    await expect(toastWith(page, 'Saved')).toBeVisible();
    await dialog.getByLabel('Summary template').selectOption({ label: 'Stand-up' });
    await expect(dialog.getByText('Sections: Yesterday, Today, Blockers')).toBeVisible();
    await expect
      .poll(() => storedPreferences(page))
      .toEqual({
        summaryModel: 'openai:gpt-5-mini',
        chatModel: 'auto',
        summaryTemplate: 'stand-up',
      });
    await shootStates(page, 'ai-settings', () => showAiSection(page));
    await shootStates(page, 'ai-settings-template', () => showAiSection(page, 'end'));
    await page.keyboard.press('Escape');

    // A real recording: its summary is asked of GPT-5 mini in the stand-up layout.
    const meetingId = await uploadRecording(page, summy.origin, JFK_WAV, 'JFK address');
    await waitForProcessed(page, meetingId, 240_000);
    expect(calls).toEqual([{ vendor: 'openai', model: 'gpt-5-mini', template: 'stand-up' }]);
    // Every text task of the pipeline used the chosen model; Claude was asked nothing.
    expect(anthropic.requests).toHaveLength(0);
    expect(new Set(openai.requests.map((r) => r.body?.model))).toEqual(new Set(['gpt-5-mini']));

    await page.goto(`/meeting/${meetingId}`);
    const summary = page.getByRole('article', { name: 'Summary' });
    await expect(summary.getByRole('heading', { name: 'Yesterday' })).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Blockers' })).toBeVisible();
    await expect(page.getByText('Notes by GPT-5 mini, Stand-up template')).toBeVisible();

    // Regenerate with another template and model: the dialog starts at the preferences.
    let release: () => void = () => {};
    gate.wait = new Promise<void>((resolve) => (release = resolve));
    await page.getByRole('button', { name: 'Regenerate summary' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Regenerate summary' });
    await expect(regenerate.getByLabel('Template')).toHaveValue('stand-up');
    await expect(regenerate.getByLabel('Model')).toHaveValue('openai:gpt-5-mini');
    await regenerate.getByLabel('Template').selectOption({ label: 'Sales call' });
    await regenerate.getByLabel('Model').selectOption({ label: 'Claude Sonnet 4' });
    await expect(regenerate.getByText('Sections: Customer needs, Objections')).toBeVisible();
    await shootStates(page, 'regenerate-dialog');
    await regenerate.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect(regenerate).toHaveCount(0);

    // In flight (the fake holds its answer): the previous summary stays, under the status.
    await expect.poll(() => calls.length, { timeout: 60_000 }).toBe(2);
    expect(calls[1]).toEqual({
      vendor: 'anthropic',
      model: 'claude-sonnet-4-20250514',
      template: 'sales-call',
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'Regenerating summary...' }),
    ).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Yesterday' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Regenerate summary' })).toBeDisabled();
    await page.reload();
    await expect(page.getByText('Regenerating summary...')).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Yesterday' })).toBeVisible();
    await shootStates(page, 'summary-regenerating');

    // Answered: the new summary replaces the old one, with a toast.
    release();
    await expect(summary.getByRole('heading', { name: 'Customer needs' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(summary.getByRole('heading', { name: 'Yesterday' })).toHaveCount(0);
    await expect(page.getByText('Regenerating summary...')).toHaveCount(0);
    await expect(page.getByText('Notes by Claude Sonnet 4, Sales call template')).toBeVisible();
    await shootStates(page, 'notes-engine-cloud');
    await expect(toastWith(page, 'Summary regenerated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Regenerate summary' })).toBeEnabled();
    // The preferences did not change: a regeneration's choice is for that run only.
    expect(await storedPreferences(page)).toMatchObject({ summaryModel: 'openai:gpt-5-mini' });

    // A failed run (Claude answers 500 to every try) keeps the summary and says why.
    anthropic.fail('server_error');
    await page.getByRole('button', { name: 'Regenerate summary' }).click();
    await regenerate.getByLabel('Model').selectOption({ label: 'Claude Sonnet 4' });
    await regenerate.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect(toastWith(page, 'Summary generation failed')).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByRole('alert').filter({ hasText: 'The summary could not be regenerated.' }),
    ).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Customer needs' })).toBeVisible();
    await shootStates(page, 'summary-regeneration-failed');
    anthropic.fail(undefined);
    await context.close();
  } finally {
    await summy.stop();
    for (const vendor of vendors) await vendor.close();
    await speech.fake.close();
  }
});
