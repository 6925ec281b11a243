/**
 * One TanStack Query client for the whole app, so signing out can clear every cached answer at once
 * ("Logging out clears the local caches").
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { authClient } from './auth-client';

/** Retrying cannot fix a missing session, a missing row or a bad request, so only other failures retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's shared query client. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      // A 401 means the session ended (expired, or signed out in another tab): re-reading the
      // session lets the route guard show the sign-in screen instead of a broken screen.
      if (error instanceof ApiRequestError && error.status === 401) {
        authClient.$store.notify('$sessionSignal');
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
