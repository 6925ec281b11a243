/**
 * Whether a session check ended without knowing who is signed in: no session held and the last
 * check failed other than by a 401 (a network failure has no status; a 5xx is the server's
 * trouble). An answer of "nobody signed in" is a success with no data, so it is not unreachable.
 * RequireAuth then shows the offline screen rather than sign-in.
 */
export function isSessionUnreachable(
  data: unknown,
  error: { status?: number } | Error | null | undefined,
): boolean {
  if (data || !error) return false;
  return !('status' in error) || error.status !== 401;
}
