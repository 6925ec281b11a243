import { describe, expect, it } from 'vitest';
import { authErrorMessage, oauthErrorHeading, UNEXPECTED_ERROR } from './auth-error';

describe('authErrorMessage', () => {
  it("shows the details of Summy's own answers, which say what to do", () => {
    expect(
      authErrorMessage({
        status: 429,
        statusText: 'Too Many Requests',
        error: 'Too many requests',
        details: 'Rate limit exceeded. Please try again in 42 seconds.',
      } as never),
    ).toBe('Rate limit exceeded. Please try again in 42 seconds.');
    expect(
      authErrorMessage({
        statusText: 'Forbidden',
        error: 'Forbidden',
        details:
          'Open Summy at http://localhost:3000 (PUBLIC_URL): writes from other origins are refused.',
      }),
    ).toMatch(/^Open Summy at http:\/\/localhost:3000/);
  });

  it("falls back to Better Auth's message, our error title, the status text, then a generic line", () => {
    expect(
      authErrorMessage({ message: 'Invalid email or password', statusText: 'Unauthorized' }),
    ).toBe('Invalid email or password');
    expect(authErrorMessage({ error: 'Invalid request', details: [{ path: 'name' }] })).toBe(
      'Invalid request',
    );
    expect(authErrorMessage({ statusText: 'Bad Gateway' })).toBe('Bad Gateway');
    expect(authErrorMessage({})).toBe(UNEXPECTED_ERROR);
  });
});

describe('oauthErrorHeading', () => {
  it('heads a Google sign-up the server refused as a sign-up, anything else as a sign-in', () => {
    expect(oauthErrorHeading('SIGNUP_CLOSED')).toBe('Sign up failed');
    expect(oauthErrorHeading('SIGNUP_NOT_INVITED')).toBe('Sign up failed');
    expect(oauthErrorHeading('access_denied')).toBe('Sign in failed');
    expect(oauthErrorHeading(null)).toBe('Sign in failed');
  });
});
