/**
 * `GET /api/meetings/:id/audio-url`: a playable URL of the meeting's recording, signed for one
 * hour. The URL serves HTTP Range requests, so an `<audio>` element can seek with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, type Parser } from '@/lib/api-client';

/** Answer of the endpoint: the URL and when it stops working (ISO 8601; null when it never does). */
export interface AudioUrl {
  url: string;
  expiresAt: string | null;
}

/** Checks the answer's shape at the edge (the contract lives in the server's recordings routes). */
export const audioUrlParser: Parser<AudioUrl> = {
  parse(data) {
    const answer = data as Partial<AudioUrl> | null;
    if (
      typeof answer?.url !== 'string' ||
      (answer.expiresAt !== null && typeof answer.expiresAt !== 'string')
    ) {
      throw new Error('Unexpected audio URL answer');
    }
    return { url: answer.url, expiresAt: answer.expiresAt };
  },
};

/** A new URL is fetched this long before the old one expires, so seeking never hits a dead one. */
export const AUDIO_URL_REFRESH_MARGIN_MS = 5 * 60_000;

/** Fetches a signed URL. Throws `ApiRequestError` (404 when the meeting has no audio). */
export function getAudioUrl(meetingId: string, signal?: AbortSignal): Promise<AudioUrl> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/audio-url`, audioUrlParser, {
    signal,
  });
}

/** Milliseconds until a URL should be replaced, or false when it never expires. */
export function audioUrlRefreshDelay(
  answer: AudioUrl | undefined,
  now = Date.now(),
): number | false {
  if (!answer?.expiresAt) return false;
  const expires = Date.parse(answer.expiresAt);
  if (Number.isNaN(expires)) return false;
  return Math.max(30_000, expires - now - AUDIO_URL_REFRESH_MARGIN_MS);
}

/** Query options of a meeting's audio URL: fresh until shortly before it expires, then refetched. */
export function getAudioUrlQueryOptions(meetingId: string) {
  return queryOptions({
    queryKey: ['meetings', 'audio-url', meetingId] as const,
    queryFn: ({ signal }) => getAudioUrl(meetingId, signal),
    staleTime: (query) => audioUrlRefreshDelay(query.state.data) || Infinity,
    refetchInterval: (query) => audioUrlRefreshDelay(query.state.data),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
}

/** The audio URL of a meeting; pass `enabled: false` while the meeting has no recording. */
export function useAudioUrl(meetingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAudioUrlQueryOptions(meetingId), enabled });
}
