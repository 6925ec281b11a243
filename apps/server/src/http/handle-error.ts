/** Maps the typed errors of errors/app-errors.ts (and Hono's) to `{error, details}` answers. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MESSAGES } from '@summy/core';
import { AppError, TooManyRequestsError } from '../errors/app-errors.ts';
import { log } from '../log.ts';

/** Hono `onError` handler: typed errors keep their status; anything else is a logged 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof TooManyRequestsError) c.header('Retry-After', String(err.retryAfterSeconds));
  if (err instanceof AppError) {
    // A 413 leaves the body unread: closing spares reading (and discarding) the rest of it, which
    // Node would otherwise do to keep the connection alive.
    if (err.status === 413) c.header('Connection', 'close');
    return c.json({ error: err.message, details: err.details ?? `HTTP ${err.status}` }, err.status);
  }
  if (err instanceof HTTPException) {
    return c.json(
      { error: err.message || MESSAGES.serverError, details: `HTTP ${err.status}` },
      err.status,
    );
  }
  log.error({ err }, '[server] unhandled error');
  return c.json({ error: MESSAGES.serverError, details: 'HTTP 500' }, 500);
}
