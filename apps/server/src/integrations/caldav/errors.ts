/** Errors of the Apple Reminders (CalDAV) integration. */
import { REMINDERS_MESSAGES } from '@summy/core';
import { AppError } from '../../errors/app-errors.ts';

/**
 * 401 'Authentication failed' / 'Please check your credentials and try again': the CalDAV server
 * refused the reminders user name or app-specific password.
 */
export class RemindersAuthError extends AppError {
  constructor() {
    super(401, REMINDERS_MESSAGES.authFailed, REMINDERS_MESSAGES.authFailedDetail);
  }
}

/** 502 'Failed to connect to Apple Reminders': the CalDAV server did not answer usably. */
export class RemindersUnavailableError extends AppError {
  constructor(details: string) {
    super(502, REMINDERS_MESSAGES.connectFailed, details);
  }
}

/** 404 'Apple Reminders is not connected': a reminders route before a connection exists. */
export class RemindersNotConnectedError extends AppError {
  constructor() {
    super(
      404,
      REMINDERS_MESSAGES.notConnected,
      'Connect Apple Reminders in Settings, Integrations',
    );
  }
}
