/**
 * To-do priority: stored as high, medium or none ('urgent' read as high); the app shows a boolean
 * star that is true for high, urgent or medium.
 */

/** A stored priority value. */
export type StoredPriority = 'high' | 'urgent' | 'medium' | 'none';

/** True for high, urgent or medium; false for none and anything unknown. */
export function priorityToStar(stored: string | null | undefined): boolean {
  return stored === 'high' || stored === 'urgent' || stored === 'medium';
}

/** The star toggles between high and none on update. */
export function starToPriority(starred: boolean): StoredPriority {
  return starred ? 'high' : 'none';
}
