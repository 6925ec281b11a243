/** Errors of the Google integration: reconnect, unavailable, not configured. */
import { GOOGLE_MESSAGES, MESSAGES } from '@summy/core';
import { AppError } from '../../errors/app-errors.ts';

/**
 * 409 'Authentication failed, please reconnect Google Calendar': the
 * account's refresh failed or it has no refresh token, its tokens are gone. Not 401, which
 * would read as the Summy session having ended.
 */
export class GoogleReconnectError extends AppError {
  constructor(details = 'Sign in with this Google account again') {
    super(409, GOOGLE_MESSAGES.reconnect, details);
  }
}

/** 502: Google (or GOOGLE_BASE_URL) did not answer usably; stored tokens are kept. */
export class GoogleUnavailableError extends AppError {
  constructor(details: string) {
    super(502, 'Google is unavailable', details);
  }
}

/** 404 for Google routes when GOOGLE_CLIENT_ID/SECRET are not set. */
export class GoogleNotConfiguredError extends AppError {
  constructor() {
    super(404, MESSAGES.notFound, 'Google is not configured on this server');
  }
}
