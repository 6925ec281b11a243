/**
 * `GET /api/contacts/lookup?email=a&email=b`: photos of a linked meeting's attendees from the
 * user's synced contacts. At most `CONTACT_LIMITS.lookupMax` (100) addresses are asked.
 */
import { CONTACT_LIMITS, contactLookupSchema } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@/lib/api-client';

/**
 * Photo URL by lower-cased e-mail, for the addresses that have one. Answers an empty map when the
 * server has no contacts (404: Google not configured) or the call fails: avatars then fall back to
 * initials, which is what they show without a photo anyway.
 */
export async function lookupContactPhotos(
  emails: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const params = new URLSearchParams();
  for (const email of emails.slice(0, CONTACT_LIMITS.lookupMax)) params.append('email', email);
  try {
    const answer = await apiFetch(`/contacts/lookup?${params}`, contactLookupSchema, { signal });
    const photos = new Map<string, string>();
    for (const contact of answer.contacts) {
      if (contact.photoUrl) photos.set(contact.email.toLowerCase(), contact.photoUrl);
    }
    return photos;
  } catch (error) {
    if (error instanceof ApiRequestError) return new Map();
    throw error;
  }
}

/** Query options of the photos of `emails` (sorted into the key, so order does not refetch). */
export function contactPhotosQueryOptions(emails: readonly string[]) {
  const key = [...new Set(emails.map((email) => email.toLowerCase()))].sort();
  return queryOptions({
    queryKey: ['contacts', 'photos', key] as const,
    queryFn: ({ signal }) => lookupContactPhotos(key, signal),
    // Photos change rarely (contacts sync every 30 minutes).
    staleTime: 5 * 60_000,
  });
}

/** Photos of the given attendees; idle without any. */
export function useContactPhotos(emails: readonly string[]) {
  return useQuery({ ...contactPhotosQueryOptions(emails), enabled: emails.length > 0 });
}
