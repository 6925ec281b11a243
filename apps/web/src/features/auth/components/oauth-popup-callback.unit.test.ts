import { GOOGLE_MESSAGES } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { callbackErrorMessage } from './oauth-popup-callback';

describe('callbackErrorMessage', () => {
  it("maps Better Auth's code-exchange failures to the sign-in exchange error", () => {
    expect(callbackErrorMessage('invalid_code')).toBe(GOOGLE_MESSAGES.exchangeFailed);
    expect(callbackErrorMessage('unable_to_get_user_info')).toBe(GOOGLE_MESSAGES.exchangeFailed);
  });

  it('maps every other error to the general callback failure', () => {
    expect(callbackErrorMessage('access_denied')).toBe(GOOGLE_MESSAGES.callbackFailed);
    expect(callbackErrorMessage('account_already_linked_to_different_user')).toBe(
      GOOGLE_MESSAGES.callbackFailed,
    );
  });
});
