/**
 * `/api/s/{token}`: a shared meeting for anyone holding its link, no account and no session
 * (mounted outside the session middleware). Unknown, revoked and expired links answer one 404;
 * guesses and wrong passwords are rate-limited per address and per link (429, Retry-After).
 * `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer` come from http/security-headers.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { openShareSchema, sharedPageSchema } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { addressKey } from '../../http/client-address.ts';
import {
  createRouter,
  errorContent,
  errorResponses,
  jsonAnswer,
  jsonBody,
} from '../../http/openapi.ts';
import { openSharedMeeting } from '../../services/shares/open-shared-meeting.ts';

const tags = ['shares'];
const tokenParam = z.object({
  token: z
    .string()
    .max(64)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
const responses = {
  200: jsonAnswer(sharedPageSchema, 'The chosen parts, or `{passwordRequired: true}`'),
  400: errorResponses[400],
  403: {
    description: "Wrong password: `{error: 'Forbidden', details: 'Wrong password'}`",
    content: errorContent,
  },
  404: {
    description: 'Unknown, revoked or expired link, or a deleted meeting (one answer)',
    content: errorContent,
  },
  429: {
    description: 'Too many unknown links or wrong passwords; `Retry-After` in seconds',
    content: errorContent,
  },
} as const;

/** `/api/s/{token}` routes (after http/client-address.ts's middleware). */
export function publicShareRoutes({ database: { db }, storage }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{token}',
        tags,
        security: [],
        summary:
          'A shared meeting: title, date and the chosen parts, the recording as a URL valid 5 minutes; a link with a password answers `{passwordRequired: true}`',
        request: { params: tokenParam },
        responses,
      }),
      async (c) => {
        const { token } = c.req.valid('param');
        const address = addressKey(c.var.clientAddress);
        return c.json(await openSharedMeeting(db, storage, { token, address }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{token}',
        tags,
        security: [],
        summary: "A shared meeting behind a password: the link's password in the body",
        request: { params: tokenParam, body: jsonBody(openShareSchema) },
        responses,
      }),
      async (c) => {
        const { token } = c.req.valid('param');
        const { password } = c.req.valid('json');
        const address = addressKey(c.var.clientAddress);
        return c.json(await openSharedMeeting(db, storage, { token, password, address }), 200);
      },
    );
}
