/**
 * A failed model download speaks to whoever runs the server ('Could not reach …', MODELS_BASE_URL):
 * the administrator reads it once, in Settings › General › Transcription, where models are managed;
 * under the recorder on Home the first-run prompt says in plain words that the download did not
 * finish, with the way to Settings; a user who is not an administrator reads none of it, on any
 * screen or in the API. The mirror is made unreachable for this worker's server alone
 * (playwright.config.ts setModelMirrorUnreachable), as a server without network sees it.
 *
 * RECORDER_SHOTS=<folder> also writes screenshots of Home and of Settings after the failure, at
 * 1280 and 375 px, light and dark (fixtures/screenshots.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { removeModels, type ModelsAnswer } from '../fixtures/models';
import { shootStates } from '../fixtures/screenshots';
import { api, signUp, signUpAdmin } from '../fixtures/session';
import { setModelMirrorUnreachable } from '../playwright.config';

/** The tiny catalog's recognizer (packages/fakes/src/models/tiny-models.ts). */
const RECOGNIZER = { id: 'tiny-nemo-ctc-en', name: 'Tiny NeMo CTC test recognizer (en)' };

/** What only the operator can act on: the error's title, its host and the setting it names. */
const OPERATOR_TEXT = /Could not reach|Model host unreachable|MODELS_BASE_URL|127\.0\.0\.1/;

const prompt = (page: Page) =>
  page.getByRole('region', { name: 'Transcripts will be rough for now' });

test.afterEach(async ({ page }) => {
  await setModelMirrorUnreachable(false);
  // The failed models go back to absent for the specs after this one.
  await signUpAdmin(page, '/', 'Lin Operator', 2);
  await removeModels(page);
});

test('a failed download: plain words under the recorder, the error in Settings for the administrator only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpAdmin(page, '/', 'Lin Operator', 2);
  await removeModels(page);
  await setModelMirrorUnreachable(true);

  await page.goto('/');
  await expect(page.getByText('Ready to start recording')).toBeVisible();
  await prompt(page)
    .getByRole('button', { name: /^Download speech and notes models/ })
    .click();
  await expect
    .poll(async () => {
      const { models } = await api<ModelsAnswer>(page, 'GET', '/api/models');
      return models.filter((m) => m.state === 'failed').length;
    })
    .toBe(4);
  const failed = prompt(page).getByRole('alert');
  await expect(failed).toHaveText(/The download did not finish\. Settings shows why\./);
  // Home, the recorder among it, shows none of the operator's text, then or after a reload.
  await expect(page.locator('main')).not.toContainText(OPERATOR_TEXT);
  await page.reload();
  await expect(failed).toBeVisible();
  await expect(page.locator('body')).not.toContainText(OPERATOR_TEXT);
  await shootStates(page, 'model-download-failed-home');

  // The way to the error: Settings, whose model rows say it in full.
  await failed.getByRole('button', { name: 'Open Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const row = settings
    .getByRole('region', { name: 'Transcription' })
    .getByRole('listitem', { name: RECOGNIZER.name });
  await expect(row.getByRole('alert')).toContainText('Model host unreachable: Could not reach');
  await expect(row.getByRole('alert')).toContainText('MODELS_BASE_URL');
  await expect(
    row.getByRole('button', { name: `Retry download of ${RECOGNIZER.name}` }),
  ).toBeVisible();
  await shootStates(page, 'model-download-failed-settings', () => row.scrollIntoViewIfNeeded());

  // Someone who is not an administrator: nothing of it, on Home, in Settings or from the API.
  const context = await browser.newContext({ baseURL });
  const user = await context.newPage();
  await signUp(user, '/', 'Alan Turing');
  await expect(user.getByText('Ready to start recording')).toBeVisible();
  await expect(prompt(user)).toHaveCount(0);
  const { models } = await api<ModelsAnswer>(user, 'GET', '/api/models');
  expect(models.find((m) => m.id === RECOGNIZER.id)).toMatchObject({ state: 'failed' });
  expect(JSON.stringify(models)).not.toMatch(OPERATOR_TEXT);
  await user.getByRole('button', { name: 'Settings', exact: true }).click();
  const userRow = user
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: 'Transcription' })
    .getByRole('listitem', { name: RECOGNIZER.name });
  await expect(userRow).toContainText('Not installed');
  await expect(user.locator('body')).not.toContainText(OPERATOR_TEXT);
  await context.close();
});
