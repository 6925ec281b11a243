import type { WebhookEvent } from '@summy/core';

/** How each event is named in Settings. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'meeting.processed': 'Meeting processed',
  'meeting.deleted': 'Meeting deleted',
  'todo.created': 'To-do created',
  'todo.completed': 'To-do completed',
};
