/** OpenAPI pieces shared by the administration routes. */
import { z } from '@hono/zod-openapi';
import { errorContent, errorResponses } from '../../http/openapi.ts';

/** Tag of every administration route. */
export const tags = ['admin'];

/** The answers of every administration route: {@link errorResponses}, 403 and 409. */
export const adminErrorResponses = {
  ...errorResponses,
  403: {
    description:
      "Not an administrator, or an API key: `{error: 'Forbidden', details: 'Only an administrator can administer this server.'}`",
    content: errorContent,
  },
  409: {
    description:
      "Refused by the rules: the last enabled administrator, or one's own account (`{error: 'Refused', details}`)",
    content: errorContent,
  },
} as const;

/** Path parameter `:id`: a user id (Better Auth's random string). */
export const userIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Path parameter `:email` of an invitation. */
export const inviteEmailParam = z.object({
  email: z
    .string()
    .min(3)
    .max(254)
    .openapi({ param: { name: 'email', in: 'path' }, example: 'ada@example.com' }),
});
