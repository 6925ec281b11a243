/** Positions in a recording as the meeting view, the assistant's citations and its answers show them. */

/**
 * A playback position as `m:ss` (under an hour, minutes padded to two digits: `03:07`) or
 * `h:mm:ss`. Negative and non-finite values show as `00:00`.
 *
 * @param seconds position in seconds
 */
export function formatPlaybackTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${String(m).padStart(2, '0')}:${ss}`;
}
