/**
 * Reminders over CalDAV, shown as the 'Apple Reminders' section: the shapes of
 * `/api/integrations/apple-reminders*`, their messages, and the priority conversions (Apple's
 * scale, 9 urgent) to and from RFC 5545. Apple's own Reminders cloud is not reachable by a server,
 * so reminders are CalDAV VTODOs (docs/decisions/025-reminders-over-caldav.md). No shape here
 * carries a password: credentials stay on the server, encrypted at rest. No I/O here.
 */
import { z } from './zod.ts';
import type { StoredPriority } from './priority.ts';

/** Reminders' fixed messages ('…Detail' is a toast's second line). */
export const REMINDERS_MESSAGES = {
  /** Title of the generic error toasts ('Error' / 'Failed to load Apple Reminders', …). */
  errorTitle: 'Error',
  loadFailed: 'Failed to load Apple Reminders',
  syncFailedTitle: 'Sync failed',
  syncFailed: 'Failed to sync Apple Reminders',
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update reminder in Apple Reminders',
  titleUpdateFailed: 'Failed to update reminder title',
  authFailed: 'Authentication failed',
  authFailedDetail: 'Please check your credentials and try again',
  connectFailed: 'Failed to connect to Apple Reminders',
  disconnectFailed: 'Failed to disconnect Apple Reminders',
  listsFailed: 'Failed to load lists',
  listsFailedDetail: 'Could not retrieve your reminder lists. Please try again.',
  completed: 'Reminder completed',
  reopened: 'Reminder reopened',
  updated: 'Updated!',
  successTitle: 'Success',
  titleUpdated: 'Reminder title updated',
  connected: 'Connected! Now select which reminder lists to sync',
  /** Connect with an empty Apple ID or password. */
  missingCredentials: 'Missing credentials',
  missingCredentialsDetail: 'Please enter your Apple ID and app-specific password',
  /** Save Configuration with no list ticked. */
  noListsSelected: 'No lists selected',
  noListsSelectedDetail: 'Please select at least one list to sync',
  /** A reminders route called before a connection exists (Summy's own wording). */
  notConnected: 'Apple Reminders is not connected',
  /** The server named by the user did not answer as a CalDAV server (Summy's wording). */
  serverUnreachable: 'Could not reach the CalDAV server',
  /** `PATCH …/reminders/:id` for a reminder not in the user's lists (Summy's wording). */
  reminderNotFound: 'Reminder not found',
  /** A list id that is not one of the user's lists (Summy's wording). */
  unknownList: 'Unknown reminder list',
} as const;

/** 'Configuration saved: Syncing {n} reminder list(s)'. */
export const remindersConfigSavedMessage = (n: number) =>
  `Configuration saved: Syncing ${n} reminder list(s)`;

/** The section badge '{n} active'. */
export const remindersActiveLabel = (n: number) => `${n} active`;

/** Fixed labels of the reminders section and dialogs. */
export const REMINDERS_LABELS = {
  section: 'Apple Reminders',
  connectTitle: 'Connect Apple Reminders',
  configureTitle: 'Configure Apple Reminders',
  appleId: 'Apple ID',
  password: 'App-Specific Password',
  passwordNote: 'App-specific password required',
  saveConfiguration: 'Save Configuration',
} as const;

/**
 * The list id stored by default (`selectedLists: ['default']`) and the id of the fallback list
 * 'Reminders' answered when lists cannot be read. The server reads it, like an empty selection, as
 * "every to-do list of the account".
 */
export const REMINDERS_DEFAULT_LIST_ID = 'default';

/** Name of the single fallback list when lists cannot be read. */
export const REMINDERS_FALLBACK_LIST_NAME = 'Reminders';

/**
 * CalDAV servers the connect dialog offers. `url` is what the server field is filled with;
 * Nextcloud's holds a `{your server}` placeholder the user replaces, 'other' is blank. iCloud
 * serves only lists not upgraded since iOS 13 (docs/decisions/025-reminders-over-caldav.md).
 */
export const CALDAV_PRESETS = {
  icloud: { label: 'iCloud', url: 'https://caldav.icloud.com' },
  fastmail: { label: 'Fastmail', url: 'https://caldav.fastmail.com/dav/' },
  nextcloud: { label: 'Nextcloud', url: '{your server}/remote.php/dav' },
  other: { label: 'Other', url: '' },
} as const;

/** A key of {@link CALDAV_PRESETS}. */
export type CaldavPreset = keyof typeof CALDAV_PRESETS;

/** Apple's priority scale: 0 none, 1-3 low, 4-6 medium, 7-8 high, 9 urgent. */
export const applePrioritySchema = z.number().int().min(0).max(9);

/** A reminder list: a CalDAV calendar that holds VTODOs. */
export const reminderListSchema = z.object({
  /** The calendar collection's absolute URL on the CalDAV server; opaque to the browser. */
  id: z.string(),
  name: z.string(),
  /** CSS colour `#rrggbb` from the calendar's `calendar-color`, null when the server has none. */
  color: z.string().nullable(),
  /** True when the collection is shared with or by another account on the server. */
  isShared: z.boolean(),
});
/** A reminder list. */
export type ReminderList = z.infer<typeof reminderListSchema>;

/** A reminder: one CalDAV VTODO. */
export const reminderSchema = z.object({
  /** The VTODO's UID: stable when the reminder moves to another list. */
  id: z.string(),
  title: z.string(),
  /** DESCRIPTION, null when absent. */
  notes: z.string().nullable(),
  /**
   * DUE as ISO 8601: a date `YYYY-MM-DD` for an all-day due date, else a UTC date-time
   * (`…Z`); null when absent.
   */
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  /** COMPLETED as an ISO 8601 UTC date-time, null while incomplete. */
  completedAt: z.string().nullable(),
  /** Apple scale 0-9 (9 urgent), converted from RFC 5545 PRIORITY by {@link rfc5545ToApple}. */
  priority: applePrioritySchema,
  list: z.object({ id: z.string(), name: z.string() }),
  /** CREATED (else DTSTAMP) as ISO 8601, null when the VTODO carries neither. */
  createdAt: z.string().nullable(),
  /** LAST-MODIFIED (else DTSTAMP) as ISO 8601, null when the VTODO carries neither. */
  updatedAt: z.string().nullable(),
  /** The VTODO object's absolute URL on the CalDAV server. */
  url: z.string(),
});
/** A reminder. */
export type Reminder = z.infer<typeof reminderSchema>;

/** `GET /api/integrations/apple-reminders`. */
export const remindersStatusSchema = z.object({
  connected: z.boolean(),
  /** The Apple ID or CalDAV user name, null when not connected. */
  username: z.string().nullable(),
  /** The CalDAV server URL (the documented container identifier), null when not connected. */
  containerId: z.string().nullable(),
});
/** The reminders connection's status. */
export type RemindersStatus = z.infer<typeof remindersStatusSchema>;

/** Longest user name and password accepted, in characters. */
const CREDENTIAL_MAX = 512;

/**
 * Body of `POST /api/integrations/apple-reminders`: the CalDAV server URL travels as `containerId`.
 * Empty user name or password: 400 'Missing credentials'.
 */
export const remindersConnectBodySchema = z
  .object({
    username: z.string().trim().min(1).max(CREDENTIAL_MAX),
    password: z.string().min(1).max(CREDENTIAL_MAX),
    containerId: z
      .string()
      .trim()
      .url()
      .max(2048)
      .refine((u) => /^https?:\/\//i.test(u), 'http or https URL'),
  })
  .strict();
/** A connect request. */
export type RemindersConnectBody = z.infer<typeof remindersConnectBodySchema>;

/**
 * Answer of `POST /api/integrations/apple-reminders`. `sessionToken` is always null: the documented
 * field is kept for its shape, but no secret ever reaches the browser.
 */
export const remindersConnectAnswerSchema = z.object({
  sessionToken: z.null(),
  username: z.string(),
  containerId: z.string(),
});
/** A connect answer. */
export type RemindersConnectAnswer = z.infer<typeof remindersConnectAnswerSchema>;

/**
 * `GET /api/integrations/apple-reminders/lists`. When the server cannot read the lists it answers
 * the single list 'Reminders' ({@link REMINDERS_DEFAULT_LIST_ID}), selected, with `fallback: true`
 * so the browser shows 'Failed to load lists'.
 */
export const remindersListsAnswerSchema = z.object({
  lists: z.array(reminderListSchema),
  /** Selected list ids; every list when the user has not chosen yet. */
  selected: z.array(z.string()),
  fallback: z.boolean(),
});
/** The lists answer. */
export type RemindersListsAnswer = z.infer<typeof remindersListsAnswerSchema>;

/** Body of `PUT /api/integrations/apple-reminders/lists`: at least one id. */
export const remindersSelectListsBodySchema = z
  .object({ selected: z.array(z.string().min(1).max(2048)).min(1).max(200) })
  .strict();

/** `GET /api/integrations/apple-reminders/reminders`: incomplete reminders of the selected lists. */
export const remindersAnswerSchema = z.object({ reminders: z.array(reminderSchema) });
/** The reminders answer. */
export type RemindersAnswer = z.infer<typeof remindersAnswerSchema>;

/**
 * Body of `PATCH /api/integrations/apple-reminders/reminders/:id`: at least one field. `dueDate` is
 * `YYYY-MM-DD` (all-day) or an ISO 8601 date-time, null clears it; `listId` moves the reminder;
 * `priority` is on Apple's scale. Titles are trimmed and must not be empty.
 */
export const reminderPatchSchema = z
  .object({
    title: z.string().trim().min(1).max(1000).optional(),
    dueDate: z
      .string()
      .refine(
        (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) || !Number.isNaN(Date.parse(s)),
        'YYYY-MM-DD or ISO 8601 date-time',
      )
      .nullable()
      .optional(),
    listId: z.string().min(1).max(2048).optional(),
    completed: z.boolean().optional(),
    priority: applePrioritySchema.optional(),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'at least one field');
/** A reminder edit. */
export type ReminderPatch = z.infer<typeof reminderPatchSchema>;

/** A priority level shared by the to-do and both integrations. */
export type ReminderPriority = StoredPriority | 'low';

/** Apple scale to level: 0 none, 1-3 low, 4-6 medium, 7-8 high, 9 urgent. */
export function applePriorityToTodo(priority: number | null | undefined): ReminderPriority {
  if (priority == null || !Number.isInteger(priority) || priority < 1 || priority > 9)
    return 'none';
  if (priority === 9) return 'urgent';
  if (priority >= 7) return 'high';
  if (priority >= 4) return 'medium';
  return 'low';
}

/**
 * A to-do's priority to Apple's scale when creating: the star (true = high) or a level; urgent 9,
 * high 7, medium 5, low 1, none 0.
 */
export function todoPriorityToApple(
  priority: boolean | ReminderPriority | null | undefined,
): number {
  if (priority === true) return 7;
  switch (priority) {
    case 'urgent':
      return 9;
    case 'high':
      return 7;
    case 'medium':
      return 5;
    case 'low':
      return 1;
    default:
      return 0;
  }
}

/**
 * RFC 5545 PRIORITY (1 highest … 9 lowest, 0 undefined; RFC 5545 section 3.8.1.9) to Apple's
 * scale (9 urgent … 1 low, 0 none): the scales run opposite ways. Out-of-range values read as 0.
 */
export function rfc5545ToApple(priority: number | null | undefined): number {
  if (priority == null || !Number.isInteger(priority) || priority < 1 || priority > 9) return 0;
  return 10 - priority;
}

/** Apple's scale to RFC 5545 PRIORITY: the inverse of {@link rfc5545ToApple} (0 stays 0). */
export function appleToRfc5545(priority: number | null | undefined): number {
  return rfc5545ToApple(priority);
}
