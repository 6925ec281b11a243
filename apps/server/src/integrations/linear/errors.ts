/** Errors of the Linear integration, in the wording the web app shows. */
import { LINEAR_MESSAGES, linearApiErrorMessage, MESSAGES, rateLimitMessage } from '@summy/core';
import { AppError, TooManyRequestsError } from '../../errors/app-errors.ts';

/** 404 for Linear routes when LINEAR_CLIENT_ID/SECRET are not set. */
export class LinearNotConfiguredError extends AppError {
  constructor() {
    super(404, MESSAGES.notFound, LINEAR_MESSAGES.notConfigured);
  }
}

/**
 * 409 'No access token available': the user never connected Linear, or the
 * stored refresh token was refused (`invalid_grant`) and the tokens were removed. Not 401, which
 * would read as the Summy session having ended.
 */
export class LinearNotConnectedError extends AppError {
  constructor(details = 'Connect Linear in Settings, Integrations') {
    super(409, LINEAR_MESSAGES.noToken, details);
  }
}

/** 400 'Invalid OAuth state': the callback's `state` is not the one this browser was given. */
export class LinearInvalidStateError extends AppError {
  constructor() {
    super(400, LINEAR_MESSAGES.invalidState, 'Start the connection again from Settings');
  }
}

/**
 * 429 'Rate limit exceeded. Please try again in {n} seconds.' with a
 * `Retry-After` header: Linear answered 429 or RATELIMITED (n from its reset, default 60 s), or the
 * user's queue of Linear requests would wait longer than the server holds a request.
 */
export class LinearRateLimitError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = rateLimitMessage(retryAfterSeconds);
  }
}

/**
 * 502 'Linear API error: {status} - {error or Unknown error}': Linear (or
 * LINEAR_BASE_URL) failed otherwise. `linearStatus` is Linear's HTTP status (0 when it did not
 * answer), `code` its `extensions.code` or OAuth `error`.
 */
export class LinearApiError extends AppError {
  constructor(
    readonly linearStatus: number,
    linearMessage?: string | null,
    readonly code?: string,
  ) {
    super(502, linearApiErrorMessage(linearStatus, linearMessage), {
      status: linearStatus,
      ...(code ? { code } : {}),
    });
  }

  /** Linear refused the access token (HTTP 401 or AUTHENTICATION_ERROR): refresh, then reconnect. */
  get unauthenticated(): boolean {
    return this.linearStatus === 401 || this.code === 'AUTHENTICATION_ERROR';
  }
}

/** 409: the to-do is already linked to a Linear issue; sending it twice would duplicate it. */
export class TodoAlreadyLinkedError extends AppError {
  constructor(issueUrl: string | null) {
    super(409, LINEAR_MESSAGES.alreadyLinked, issueUrl ?? 'Linked');
  }
}
