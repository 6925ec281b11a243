/**
 * The one rule for NUL characters (U+0000, which PostgreSQL cannot store in `text` or `jsonb`) in
 * requests to /api/*: a URL holding `%00`, or a JSON or urlencoded write body with NUL in any
 * string value or object key, answers 400 `{error: 'Invalid request', details: [{path, message:
 * 'Text must not contain NUL (\u0000) characters'}]}` before any route, Better Auth included, reads
 * it. Routes' own schemas (core's `boundedText`) forgot it once (an API key's name reached the
 * database and answered 500), so no schema has to remember it.
 */
import type { MiddlewareHandler } from 'hono';
import { NUL_MESSAGE, nulPath } from '@summy/core';
import { bodyKind } from './body-limit.ts';
import type { AppEnv } from './context.ts';
import { SAFE_METHODS } from './session.ts';
import { ValidationError } from '../errors/app-errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** 400 naming where the NUL is (`path` '' when it is the body itself). */
function nulRefusal(path: string): ValidationError {
  return new ValidationError([{ path, message: NUL_MESSAGE }]);
}

/**
 * Where the NUL of a body's text is, or null when it has none or is not parseable (the route
 * answers malformed bodies itself). JSON can only carry NUL escaped, so a text without `u0000`
 * is passed without being parsed.
 */
export function bodyNulPath(text: string, form: boolean): string | null {
  if (form) {
    if (!/%00/i.test(text)) return null;
    return nulPath(Object.fromEntries(new URLSearchParams(text)));
  }
  if (!text.includes('u0000')) return null;
  try {
    return nulPath(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Middleware for /api/*, after the body limit (which bounds what is read here): refuses NUL in the
 * URL and in JSON and urlencoded write bodies with 400. The body is read once and handed on: Hono
 * keeps the text for the route's validator, and the raw request gets the same text for handlers
 * that read it themselves (Better Auth). Upload routes, whose bodies are files, are left alone.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (/%00/i.test(c.req.url)) throw nulRefusal('url');
    // Upload routes read Node's request stream themselves: even a look at `c.req.raw.body`
    // would start draining it into a Web stream they never read.
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (bodyKind(c.req.method, c.req.path) === 'upload') return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const form = type === FORM_TYPE;
    if (!form && !JSON_TYPE.test(type)) return next();
    const text = await c.req.text();
    c.req.raw = new Request(c.req.raw, { body: text });
    const path = bodyNulPath(text, form);
    if (path !== null) throw nulRefusal(path);
    return next();
  };
}
