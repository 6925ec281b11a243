/**
 * In the browser, against the Linear fake (@summy/fakes/linear): the 'Linear Issues' section of
 * /todos not connected, its 'Connect Linear' opening Settings on the Integrations tab, the OAuth
 * popup (500x600) through the fake's consent page and /linear/callback, the issues with priority
 * and due date, Sync, the edit form (title, due date, state), complete and reopen (Done by name,
 * else of type completed), 'Send to Linear' on a meeting's action item (team chosen once, then
 * remembered) and completion flowing back from Linear at the next sync, then Disconnect. Each
 * change is checked in the fake's store, not only on screen. Screenshots (RECORDER_SHOTS) of the
 * section connected and not, the edit form and the Integrations tab at 1280 and 375 px, light and
 * dark.
 */
import { startFakeLinear, type FakeLinear } from '@summy/fakes/linear';
import { expect, test, type Page } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { api, dismissTranscriptionPrompt, signUp } from '../fixtures/session';
import { fakeLinearPort } from '../playwright.config';

/** A to-do as `GET /api/todos` answers it (the fields this spec reads). */
interface ApiTodo {
  id: string;
  title: string;
  completed: boolean;
  linearIssueId: string | null;
  linearIssueUrl: string | null;
}

let linear: FakeLinear | undefined;

test.beforeAll(async () => {
  linear = await startFakeLinear({ port: fakeLinearPort });
});

test.afterAll(async () => {
  await linear?.close();
});

test.use({ locale: 'en-US' });

/** The fake, started by beforeAll. */
function fake(): FakeLinear {
  if (!linear) throw new Error('the Linear fake did not start');
  return linear;
}

/** Records the `features` of every window.open, to check the popup's size. */
async function recordPopupFeatures(page: Page): Promise<void> {
  // A string, because this package is type-checked without the DOM library.
  await page.evaluate(`(() => {
    const open = window.open.bind(window);
    window.__popupFeatures = [];
    window.open = (url, name, features) => {
      window.__popupFeatures.push(features);
      return open(url, name, features);
    };
  })()`);
}

/** Closes the toasts on screen, so screenshots show the page under them. */
async function dismissToasts(page: Page): Promise<void> {
  // Dispatched rather than clicked: under a modal dialog the toasts take no pointer events.
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) {
    await close.dispatchEvent('click').catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

test('connect Linear in the popup, sync, edit, complete, send an action item, disconnect', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, '/');
  await dismissTranscriptionPrompt(page);
  await page.goto('/todos');

  // Not connected: the prompt, and its button opens Settings on the Integrations tab.
  const section = page.getByRole('region', { name: 'Linear Issues' });
  const connectPrompt = section.getByRole('button', { name: 'Connect Linear' });
  await expect(connectPrompt).toBeVisible();
  await shootStates(page, 'linear-section-not-connected');
  await connectPrompt.click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Integrations' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const block = settings.getByRole('region', { name: /^Linear( Connected)?$/ });
  await expect(block.getByRole('button', { name: 'Connect Linear' })).toBeVisible();
  await expect(settings.getByText('More Integrations')).toBeVisible();
  await expect(settings.getByText('Coming Soon')).toBeVisible();
  await shootStates(page, 'linear-integrations-not-connected');

  // The popup: Linear's consent page (the fake's), then /linear/callback posts back and closes.
  await recordPopupFeatures(page);
  const popupPromise = page.waitForEvent('popup');
  await block.getByRole('button', { name: 'Connect Linear' }).click();
  const popup = await popupPromise;
  const authorize = popup.getByRole('button', { name: 'Authorize as Ada Lovelace' });
  await expect(authorize).toBeVisible();
  const authorizeUrl = new URL(popup.url());
  expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/\/linear\/callback$/);
  expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
  expect(authorizeUrl.searchParams.get('scope')?.split(',').sort()).toEqual(
    ['issues:create', 'read', 'timeSchedule:write', 'write'].sort(),
  );
  expect(authorizeUrl.searchParams.get('state')?.length).toBeGreaterThanOrEqual(16);
  expect(await page.evaluate('window.__popupFeatures')).toEqual(['popup=yes,width=500,height=600']);
  const closed = popup.waitForEvent('close');
  await authorize.click();
  await closed;
  await expect(page.getByText('Linear connected')).toBeVisible();
  await expect(block.getByText('Connected as Ada Lovelace (ada@linear.test)')).toBeVisible();
  await expect(block.getByLabel('Team for action items sent to Linear')).toBeEnabled();
  await dismissToasts(page);
  await shootStates(page, 'linear-integrations-connected');
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  // Connected: Ada's open issues (the completed ENG-3 and Grace's ENG-4 are not hers to see).
  const issues = section.getByRole('listitem');
  await expect(issues).toHaveCount(3);
  await expect(section.getByText('Fix the login redirect loop')).toBeVisible();
  await expect(section.getByText('Ship the 1.0 release notes')).toHaveCount(0);
  await expect(section.getByText('Review the database migration')).toHaveCount(0);
  const eng1 = issues.filter({ hasText: 'ENG-1' });
  await expect(eng1).toContainText('High');
  await expect(eng1).toContainText('Due ');
  await expect(issues.filter({ hasText: 'DES-1' })).toContainText('Urgent');
  await expect(issues.filter({ hasText: 'ENG-2' })).toContainText('Medium');
  await expect(section.getByText(/^Updated \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await dismissToasts(page);
  await shootStates(page, 'linear-section-connected');

  // Sync: 'Syncing...' while it runs, then the documented toast.
  await section.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Synced 3 issues from Linear')).toBeVisible();

  // Edit ENG-2: title, due date and state in one Save.
  await section.getByRole('button', { name: 'Edit Write the onboarding guide' }).click();
  const form = section.getByRole('form', { name: 'Edit ENG-2' });
  await expect(form.getByLabel('Title')).toBeFocused();
  const stateSelect = form.getByLabel('State');
  await expect(stateSelect.locator('option')).toHaveCount(5);
  await expect(stateSelect).toHaveValue('state_eng_started');
  await form.getByLabel('Title').fill('  Write the onboarding guide for admins ');
  await form.getByLabel('Due date').fill('2026-12-24');
  await stateSelect.selectOption({ label: 'Todo' });
  await dismissToasts(page);
  await shootStates(page, 'linear-edit-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Issue updated in Linear')).toBeVisible();
  await expect(section.getByText('Write the onboarding guide for admins')).toBeVisible();
  expect(fake().issue('ENG-2')).toMatchObject({
    title: 'Write the onboarding guide for admins',
    dueDate: '2026-12-24',
    stateId: 'state_eng_unstarted',
  });

  // A title-only edit has its own toast; Escape and an empty title save nothing.
  await section.getByRole('button', { name: 'Edit Write the onboarding guide for admins' }).click();
  await form.getByLabel('Title').fill('Onboarding guide for admins');
  await form.getByLabel('Title').press('Enter');
  await expect(page.getByText('Issue title updated')).toBeVisible();
  expect(fake().issue('ENG-2')?.title).toBe('Onboarding guide for admins');
  await section.getByRole('button', { name: 'Edit Onboarding guide for admins' }).click();
  await form.getByLabel('Title').fill('   ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await section.getByRole('button', { name: 'Edit Onboarding guide for admins' }).click();
  await form.getByLabel('Title').fill('Something else');
  await form.getByLabel('Title').press('Escape');
  await expect(form).toHaveCount(0);
  expect(fake().issue('ENG-2')?.title).toBe('Onboarding guide for admins');

  // Complete ENG-1 (Engineering's 'Done'), then reopen it (type unstarted).
  await section.getByRole('checkbox', { name: 'Complete Fix the login redirect loop' }).click();
  await expect(page.getByText('Updated "Fix the login redirect loop" in Linear')).toBeVisible();
  await expect(page.getByText('Issue completed')).toBeVisible();
  expect(fake().issue('ENG-1')?.stateId).toBe('state_eng_completed');
  await section.getByRole('checkbox', { name: 'Reopen Fix the login redirect loop' }).click();
  await expect(page.getByText('Issue reopened')).toBeVisible();
  expect(fake().issue('ENG-1')?.stateId).toBe('state_eng_unstarted');

  // Design names its completed state 'Shipped': completion takes the state of type completed.
  await section.getByRole('checkbox', { name: 'Complete New app icon' }).click();
  await expect(page.getByText('Updated "New app icon" in Linear')).toBeVisible();
  expect(fake().issue('DES-1')?.stateId).toBe('state_des_completed');

  // 'Send to Linear' on an action item: the team is asked the first time only.
  const meeting = await api<{ id: string }>(page, 'POST', '/api/meetings', {
    title: 'Launch planning',
    transcript: 'Speaker 1: Ada drafts the launch email and books the venue.',
    summary: 'The launch is on track; Ada drafts the email and books the venue.',
  });
  const email = await api<ApiTodo>(page, 'POST', '/api/todos', {
    title: 'Draft the launch email',
    meetingId: meeting.id,
  });
  const venue = await api<ApiTodo>(page, 'POST', '/api/todos', {
    title: 'Book the venue',
    meetingId: meeting.id,
  });
  await page.goto(`/meeting/${meeting.id}?view=actions`);
  const emailRow = page.getByRole('listitem').filter({ hasText: 'Draft the launch email' });
  await emailRow.hover();
  await emailRow.getByRole('button', { name: 'Send to Linear' }).click();
  await expect(page.getByRole('menuitem', { name: /Design/ })).toBeVisible();
  await shootStates(page, 'linear-send-team-menu');
  await page.getByRole('menuitem', { name: /Engineering/ }).click();
  await expect(page.getByText('Sent to Linear')).toBeVisible();
  await expect(emailRow.getByRole('link', { name: 'In Linear', exact: true })).toBeVisible();
  const created = fake()
    .issues()
    .find((issue) => issue.title === 'Draft the launch email');
  expect(created).toMatchObject({ teamId: 'team_eng', assigneeId: 'usr_ada' });
  expect(created?.description).toContain(`/meeting/${meeting.id}`);

  const venueRow = page.getByRole('listitem').filter({ hasText: 'Book the venue' });
  await venueRow.hover();
  await venueRow.getByRole('button', { name: 'Send to Linear' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(venueRow.getByRole('link', { name: 'In Linear', exact: true })).toBeVisible();
  expect(
    fake()
      .issues()
      .find((issue) => issue.title === 'Book the venue')?.teamId,
  ).toBe('team_eng');
  await dismissToasts(page);
  await shootStates(page, 'linear-action-items-sent');
  const linked = (await api<ApiTodo[]>(page, 'GET', '/api/todos')).filter((t) =>
    [email.id, venue.id].includes(t.id),
  );
  expect(linked.every((t) => t.linearIssueId && t.linearIssueUrl)).toBe(true);

  // Completed in Linear: the next sync completes the to-do.
  fake().setIssueState(created!.identifier, 'completed');
  await page.goto('/todos');
  await section.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText(/^Synced \d+ issues from Linear$/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api<ApiTodo[]>(page, 'GET', '/api/todos')).find((t) => t.id === email.id)?.completed,
    )
    .toBe(true);

  // Disconnect from Settings: the section asks to connect again.
  await page.goto('/todos?tab=integrations');
  await expect(settings.getByRole('tab', { name: 'Integrations' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await block.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('alertdialog', { name: 'Disconnect Linear?' })
    .getByRole('button', {
      name: 'Disconnect',
    })
    .click();
  await expect(page.getByText('Linear disconnected')).toBeVisible();
  await expect(block.getByRole('button', { name: 'Connect Linear' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/todos$/);
  await expect(section.getByRole('button', { name: 'Connect Linear' })).toBeVisible();
  expect(
    fake()
      .grants()
      .every((grant) => grant.revoked),
  ).toBe(true);
});

test('/linear/callback without a code returns to the saved page', async ({ page }) => {
  await signUp(page, '/');
  await page.evaluate(`localStorage.setItem('summy.linearReturnTo', '/todos')`);
  await page.goto('/linear/callback');
  await expect(page).toHaveURL(/\/todos$/);
  // And to / when nothing (or something off-site) was saved.
  await page.evaluate(`localStorage.setItem('summy.linearReturnTo', '//evil.test/x')`);
  await page.goto('/linear/callback');
  await expect(page).toHaveURL(/\/$/);
});
