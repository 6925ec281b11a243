import { expect, test } from '@playwright/test';
import { shootStates } from '../fixtures/screenshots';
import { signUp } from '../fixtures/session';

const password = 'correct horse battery';

test('sign up, sign out and sign in again', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;

  // A visitor is sent to the sign-in screen.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Summarize meetings, save time.')).toBeVisible();
  await expect(page.getByRole('link', { name: /privacy policy/i })).toBeVisible();
  // The sign-in page offers Google (configured here, against the fake).
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();

  // Signed in: the main layout with the empty meetings list, at / (history replaced).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No meetings yet')).toBeVisible();
  await expect(page.getByText('Start recording to create your first meeting')).toBeVisible();
  await expect(page).toHaveTitle('Home - Summy');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page.getByText('Sign in failed')).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No meetings yet')).toBeVisible();

  // A signed-in visitor of /login is sent home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
});

test('the privacy policy is public', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText(/30 days/).first()).toBeVisible();
  await expect(page.getByText(/13/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /back/i })).toBeVisible();
});

test('signs up at 127.0.0.1 when PUBLIC_URL names localhost', async ({ page, baseURL }) => {
  // Regression: the other loopback name of the same port is trusted, and its cookies work.
  const loopback = new URL(baseURL!);
  loopback.hostname = '127.0.0.1';
  await page.goto(new URL('/signup', loopback).href);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(`e2e-loopback-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();
  await expect(page.getByText('No meetings yet')).toBeVisible();
  expect(new URL(page.url()).host).toBe(loopback.host);
});

test('a Google sign-up the server refused comes back to the sign-in screen with its reason', async ({
  page,
}) => {
  // Where Better Auth sends a refused Google sign-in (errorCallbackURL), as with SIGNUP=closed.
  const reason =
    'Sign-up is closed on this server. Ask its administrator to create an account for you.';
  await page.goto(`/login?error=SIGNUP_CLOSED&error_description=${encodeURIComponent(reason)}`);
  const alert = page.getByRole('alert');
  // It was a sign-up that the server refused, so it says so.
  await expect(alert).toContainText('Sign up failed');
  await expect(alert).not.toContainText('Sign in failed');
  await expect(alert).toContainText(reason);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a refused sign-up on the Create account form reads Sign up failed', async ({ page }) => {
  // An address that already has an account: the form's sign-up is refused at its sign-in step.
  const email = await signUp(page);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Ada Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another horse battery');
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sign up failed');
  await expect(alert).not.toContainText('Sign in failed');
  await expect(alert).toContainText('If this email already has an account, sign in');
  await shootStates(page, 'sign-up-failed');

  // The Sign in form's own failures keep their heading.
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page.getByRole('alert')).toContainText('Sign in failed');
});
