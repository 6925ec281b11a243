/**
 * The Web Lock a tab holds while it records a meeting. Recovery offers only recordings whose lock
 * nobody holds: a tab still recording keeps its lock until it stops or dies, so another tab never
 * "recovers" a live recording.
 */

/** Name of the Web Lock held while recording `meetingId`. */
export function recordingLockName(meetingId: string): string {
  return `summy-recording:${meetingId}`;
}

/**
 * Holds the Web Lock `name` until the returned function is called. Where Web Locks are missing the
 * lock is not held and the returned function does nothing.
 */
export async function holdLock(name: string): Promise<() => void> {
  if (!('locks' in navigator)) return () => {};
  return new Promise((resolveAcquired) => {
    void navigator.locks.request(
      name,
      () =>
        new Promise<void>((release) => {
          resolveAcquired(() => release());
        }),
    );
  });
}
