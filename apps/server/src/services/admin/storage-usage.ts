/**
 * Bytes stored per user, for Settings > Administration. Every object a user owns is stored under
 * a key that starts with their id (`{userId}/…`: recordings, their playback mixes, voice clips),
 * so one pass over the storage listing, grouped by the key's first segment, counts them all. No
 * size column is kept: the listing is the truth, including objects a failed delete left behind
 * (docs/decisions/077-administration-in-settings.md).
 */
import type { Storage } from '../../storage/types.ts';

/** The storage's totals and the bytes under each user id. */
export interface StorageUsage {
  objects: number;
  bytes: number;
  /** Bytes by the first segment of the key (a user id). */
  byUser: Map<string, number>;
}

/** Lists the whole bucket once and sums the sizes (one listing request per 1,000 objects on S3). */
export async function readStorageUsage(storage: Storage): Promise<StorageUsage> {
  const usage: StorageUsage = { objects: 0, bytes: 0, byUser: new Map() };
  for await (const object of storage.list()) {
    usage.objects += 1;
    usage.bytes += object.size;
    const owner = object.key.split('/', 1)[0]!;
    usage.byUser.set(owner, (usage.byUser.get(owner) ?? 0) + object.size);
  }
  return usage;
}

/**
 * Deletes every object whose key starts with `{userId}/`.
 * @returns how many were deleted
 */
export async function deleteUserObjects(storage: Storage, userId: string): Promise<number> {
  const keys: string[] = [];
  for await (const object of storage.list(`${userId}/`)) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
