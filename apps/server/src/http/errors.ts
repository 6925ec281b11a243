/**
 * Typed errors that services throw, and the one place that maps them to HTTP answers of the
 * spec's shape `{error, details}` (spec 000 section 7, "Server error shape").
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import {
  GOOGLE_MESSAGES,
  LINEAR_MESSAGES,
  linearApiErrorMessage,
  MESSAGES,
  rateLimitMessage,
  REMINDERS_MESSAGES,
} from '@summy/core';
import { log } from '../log.ts';

/** An error with an HTTP status and the spec's `{error, details}` body. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** 401 'User not authenticated' (spec 000 section 5). */
export class UnauthenticatedError extends AppError {
  constructor(details: unknown = 'Sign in to continue') {
    super(401, MESSAGES.notAuthenticated, details);
  }
}

/** 404: the row does not exist or belongs to another user; both answer alike. */
export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, MESSAGES.notFound, `${what} not found`);
  }
}

/** 400 with the validation issues as details. */
export class ValidationError extends AppError {
  constructor(details: unknown) {
    super(400, MESSAGES.invalidRequest, details);
  }
}

/** 403 for a state-changing request from another site. */
export class ForbiddenError extends AppError {
  constructor(details: string) {
    super(403, 'Forbidden', details);
  }
}

/**
 * 413 for a request body over its route's limit (issue 10 point 2), answered before the body is
 * read when Content-Length declares it, else as soon as the streamed body passes the limit.
 * @param limit the route's limit in bytes
 */
export class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, 'Request too large', `The request body must be at most ${limit} bytes`);
  }
}

/**
 * 429 with a `Retry-After` header (whole seconds) and spec 001's wording in details:
 * 'Rate limit exceeded. Please try again in {n} seconds.' (issue 10 point 1).
 */
export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'Too many requests',
      `Rate limit exceeded. Please try again in ${retryAfterSeconds} seconds.`,
    );
  }
}

/**
 * 409 'Authentication failed, please reconnect Google Calendar' (spec 001 section 8): the
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

/** 409: the sign-in Google account cannot be removed (spec 001 section 4). */
export class AuthAccountNotRemovableError extends AppError {
  constructor() {
    super(409, 'The sign-in account cannot be removed', 'Sign in with another method first');
  }
}

/** 404 for Google routes when GOOGLE_CLIENT_ID/SECRET are not set. */
export class GoogleNotConfiguredError extends AppError {
  constructor() {
    super(404, MESSAGES.notFound, 'Google is not configured on this server');
  }
}

/** 404 for Linear routes when LINEAR_CLIENT_ID/SECRET are not set (issue 14 point 2). */
export class LinearNotConfiguredError extends AppError {
  constructor() {
    super(404, MESSAGES.notFound, LINEAR_MESSAGES.notConfigured);
  }
}

/**
 * 409 'No access token available' (spec 001 section 8): the user never connected Linear, or the
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
 * 429 'Rate limit exceeded. Please try again in {n} seconds.' (spec 001 section 8) with a
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
 * 502 'Linear API error: {status} - {error or Unknown error}' (spec 001 section 8): Linear (or
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

/**
 * 401 'Authentication failed' / 'Please check your credentials and try again' (spec 001 section
 * 8): the CalDAV server refused the reminders user name or app-specific password (issue 14).
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

/** 409: the to-do is already linked to a Linear issue; sending it twice would duplicate it. */
export class TodoAlreadyLinkedError extends AppError {
  constructor(issueUrl: string | null) {
    super(409, LINEAR_MESSAGES.alreadyLinked, issueUrl ?? 'Linked');
  }
}

/** Hono `onError` handler: typed errors keep their status; anything else is a logged 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof TooManyRequestsError) c.header('Retry-After', String(err.retryAfterSeconds));
  if (err instanceof AppError) {
    // A 413 leaves the body unread: closing spares reading (and discarding) the rest of it, which
    // Node would otherwise do to keep the connection alive (issue 10 point 4).
    if (err.status === 413) c.header('Connection', 'close');
    return c.json({ error: err.message, details: err.details ?? `HTTP ${err.status}` }, err.status);
  }
  if (err instanceof HTTPException) {
    return c.json(
      { error: err.message || MESSAGES.serverError, details: `HTTP ${err.status}` },
      err.status,
    );
  }
  log.error('[server] unhandled error:', err);
  return c.json({ error: MESSAGES.serverError, details: 'HTTP 500' }, 500);
}
