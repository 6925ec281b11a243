/** `GET`, `POST /api/api-keys` and `DELETE /api/api-keys/{id}`: the user's own keys. */
import { and, desc, eq } from 'drizzle-orm';
import { API_KEYS_MAX, type ApiKey, type CreateApiKeyInput, type CreatedApiKey } from '@summy/core';
import { apiKeys, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';
import { createUnderCap, type UserCap } from '../caps/create-under-cap.ts';
import { newApiKey, toApiKey } from './api-key-tokens.ts';

/** At most {@link API_KEYS_MAX} keys a user, counted and inserted as one step. */
const keysCap: UserCap = {
  kind: 'api_keys',
  table: apiKeys,
  userId: apiKeys.userId,
  max: API_KEYS_MAX,
  message: `You can have at most ${API_KEYS_MAX} API keys`,
};

/** The user's keys, newest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * Creates a key; the answer holds the key itself, which is never shown again.
 * @throws ValidationError 400 'You can have at most 20 API keys' at the limit, also when
 *   concurrent creates (on any process) would pass it together
 */
export async function createApiKey(
  db: Database,
  userId: string,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const { key, hash, prefix } = newApiKey();
  const [row] = await createUnderCap(db, keysCap, userId, (tx) =>
    tx
      .insert(apiKeys)
      .values({ userId, name: input.name, scope: input.scope, prefix, hash })
      .returning(),
  );
  return { ...toApiKey(row!), key };
}

/**
 * Revokes (deletes) one of the user's keys: the next request with it answers 401.
 * @throws NotFoundError when the key does not exist or is another user's
 */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (gone.length === 0) throw new NotFoundError('API key');
}
