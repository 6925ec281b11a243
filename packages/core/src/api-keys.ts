/**
 * Personal API keys: a user's own keys for scripts and MCP clients, sent as
 * `Authorization: Bearer summy_…` on any `/api` route and on `/mcp`. docs/product.md#api-keys.
 */
import { z } from './zod.ts';

/** What a key may do: `read` only GET requests, `read-write` everything its user may. */
export const apiKeyScopeSchema = z.enum(['read', 'read-write']);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Every key starts with this, so secret scanners and people can tell what it is. */
export const API_KEY_PREFIX = 'summy_';

/** Keys a user may hold at once. */
export const API_KEYS_MAX = 20;

/** Body of `POST /api/api-keys`. */
export const createApiKeySchema = z
  .object({
    name: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Enter a name').max(60, 'A name has at most 60 characters')),
    scope: apiKeyScopeSchema,
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as listed: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  /** The key's first 12 characters ('summy_AbCdEf'), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Last request made with it (to the minute); null when never used. */
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/api-keys` answer: the key, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/api-keys`. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
