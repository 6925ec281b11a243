/**
 * Helpers shared by the route modules: the OpenAPIHono factory with zod validation errors mapped to
 * the documented `{error, details}` 400, and the error responses every protected route documents.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@summy/core';
import type { AppEnv } from './context.ts';
import { ValidationError } from '../errors/app-errors.ts';

/** A router whose zod validation failures throw `ValidationError` (answered 400 by `handleError`). */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new ValidationError(
          result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
    },
  });
}

/** The `{error, details}` body of an error answer, for routes documenting more statuses. */
export const errorContent = { 'application/json': { schema: apiErrorSchema } };

/** Error answers shared by the protected routes, for the OpenAPI document. */
export const errorResponses = {
  400: {
    description: "Invalid request: `{error: 'Invalid request', details}`",
    content: errorContent,
  },
  401: {
    description: "No session: `{error: 'User not authenticated', details}`",
    content: errorContent,
  },
  404: { description: 'Not found, or owned by another user', content: errorContent },
} as const;

/** Path parameter `:id` as a UUID. */
export const idParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** JSON body description for `createRoute`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true } as const;
}

/** JSON answer description for `createRoute`. */
export function jsonAnswer<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}
