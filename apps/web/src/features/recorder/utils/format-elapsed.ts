/**
 * The recorder's timer text, mm:ss. Minutes keep counting past 59 ('75:03') rather than switching
 * format, so the width barely changes mid-meeting.
 *
 * @param ms recorded time in milliseconds; negative values show as 00:00
 */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
