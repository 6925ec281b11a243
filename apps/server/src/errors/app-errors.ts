/**
 * Typed errors that services throw, below every layer: each carries the HTTP status and the
 * `{error, details}` body it answers with; http/handle-error.ts is the one place that turns them
 * into responses.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '@summy/core';

/** An error with an HTTP status and the `{error, details}` body every error answer has. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** 401 'User not authenticated'. */
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
 * 405 for a method a route does not take; the route sets the `Allow` header that lists the ones it
 * does.
 * @param details what the route takes, in plain words
 */
export class MethodNotAllowedError extends AppError {
  constructor(details: string) {
    super(405, 'Method not allowed', details);
  }
}

/**
 * 413 for a request body over its route's limit, answered before the body is
 * read when Content-Length declares it, else as soon as the streamed body passes the limit.
 * @param limit the route's limit in bytes
 */
export class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, 'Request too large', `The request body must be at most ${limit} bytes`);
  }
}

/**
 * 429 with a `Retry-After` header (whole seconds); by default 'Too many requests' with this
 * wording in details: 'Rate limit exceeded. Please try again in {n} seconds.'.
 */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests',
    details = `Rate limit exceeded. Please try again in ${retryAfterSeconds} seconds.`,
  ) {
    super(429, message, details);
  }
}

/** 409: the sign-in Google account cannot be removed. */
export class AuthAccountNotRemovableError extends AppError {
  constructor() {
    super(409, 'The sign-in account cannot be removed', 'Sign in with another method first');
  }
}

/**
 * 409 for a change the server's rules refuse as it stands (the last administrator, oneself).
 * @param details the rule in a sentence the screen shows as it is
 */
export class ConflictError extends AppError {
  constructor(details: string) {
    super(409, 'Refused', details);
  }
}
