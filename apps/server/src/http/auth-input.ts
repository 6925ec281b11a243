/**
 * Checks the text of Better Auth's request bodies before Better Auth reads them: Better Auth's own
 * schemas take any length (a 5 MB user name was accepted). Every string in a JSON or form body of
 * /api/auth/* must be at most: `name` 200 characters, `email`/`newEmail` 254, `image`/`callbackURL` 4,096, anything else (passwords,
 * tokens) 8,192 (NUL characters are refused before, for every route: nul-input.ts). Failures answer 400 `{error: 'Invalid request', details: [{path, message}]}`, the
 * shape of our own routes' validation.
 */
import type { MiddlewareHandler } from 'hono';
import { TEXT_LIMITS } from '@summy/core';
import type { AppEnv } from './context.ts';
import { ValidationError } from '../errors/app-errors.ts';

/** Longest value (characters) of a field of the auth routes, by field name. */
const FIELD_LIMITS: Record<string, number> = {
  name: TEXT_LIMITS.userName,
  email: TEXT_LIMITS.email,
  newEmail: TEXT_LIMITS.email,
  image: TEXT_LIMITS.url,
  callbackURL: TEXT_LIMITS.url,
};

/** Nesting deeper than this is not an auth request; it is refused rather than walked. */
const MAX_DEPTH = 8;

/** One problem with a field: the dotted path and what is wrong. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The problems of an auth body's strings (empty when none): lengths over the field's limit, and
 * nesting over 8 levels. Pure, for the middleware and its tests.
 */
export function authBodyIssues(body: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const walk = (value: unknown, path: string[], depth: number): void => {
    if (issues.length >= 10) return;
    if (typeof value === 'string') {
      const key = path[path.length - 1] ?? '';
      const max = FIELD_LIMITS[key] ?? TEXT_LIMITS.authOther;
      if (value.length > max)
        issues.push({ path: path.join('.'), message: `At most ${max} characters` });
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (depth >= MAX_DEPTH) {
      issues.push({ path: path.join('.'), message: 'Nested too deeply' });
      return;
    }
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key], depth + 1);
  };
  walk(body, [], 0);
  return issues;
}

/**
 * Middleware for /api/auth/*, after the body limit and before Better Auth: reads a JSON or
 * urlencoded POST body (already bounded to 256 KiB), refuses it with 400 when `authBodyIssues`
 * finds any, and otherwise hands Better Auth the same bytes. Malformed JSON is left to Better
 * Auth to answer.
 */
export function authInputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !c.req.raw.body) return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const json = type.includes('application/json');
    if (!json && !type.includes('application/x-www-form-urlencoded')) return next();
    const bytes = await c.req.raw.arrayBuffer();
    c.req.raw = new Request(c.req.raw, { body: bytes });
    const text = new TextDecoder().decode(bytes);
    let body: unknown;
    if (json) {
      try {
        body = JSON.parse(text);
      } catch {
        return next();
      }
    } else {
      body = Object.fromEntries(new URLSearchParams(text));
    }
    const issues = authBodyIssues(body);
    if (issues.length) throw new ValidationError(issues);
    return next();
  };
}
