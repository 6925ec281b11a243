/**
 * Linear, the issue tracker: the shapes of `/api/linear/*`, of `POST /api/todos/:id/linear`, its
 * messages and constants, and the pure rules (when an issue is done, which workflow state completes
 * or reopens it). No shape here carries a token: Linear's access and refresh tokens stay on the
 * server (docs/decisions/024-linear-token-on-the-server.md). No I/O here.
 */
import { z } from './zod.ts';
import { boundedText, TEXT_LIMITS } from './limits.ts';
import type { StoredPriority } from './priority.ts';

/** Fixed messages of the issue tracker (toast title / description pairs). */
export const LINEAR_MESSAGES = {
  /** Answer of every Linear route when the user has no (or a no longer valid) token. */
  noToken: 'No access token available',
  /** Answer when the server has no LINEAR_CLIENT_ID / LINEAR_CLIENT_SECRET (Summy's wording). */
  notConfigured: 'Linear is not configured on this server',
  /**
   * What a person sees in Settings on a server without a Linear OAuth application (not from the
   * spec). The settings that turn it on are the operator's: the server's log names them.
   */
  notSetUp: 'Not set up on this server. Ask its administrator.',
  /** The `state` of the callback is not the one the server issued (Summy's own wording). */
  invalidState: 'Invalid OAuth state',
  /** The relay was asked for something other than Summy's own operations (Summy's own wording). */
  unknownOperation: 'Unknown Linear operation',
  /** The to-do is already linked to an issue (Summy's own wording). */
  alreadyLinked: 'This to-do is already linked to a Linear issue',
  errorTitle: 'Error',
  loadFailed: 'Failed to load Linear issues',
  syncFailedTitle: 'Sync failed',
  syncFailed: 'Failed to sync Linear issues',
  noValidStates: 'No valid states found',
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update issue in Linear',
  titleUpdateFailed: 'Failed to update issue title',
  syncedTitle: 'Synced!',
  issueCompleted: 'Issue completed',
  issueReopened: 'Issue reopened',
  updatedTitle: 'Updated!',
  updated: 'Issue updated in Linear',
  successTitle: 'Success',
  titleUpdated: 'Issue title updated',
  /** Generic Error toasts for connect and disconnect (no specific text). */
  connectFailed: 'Failed to connect Linear',
  disconnectFailed: 'Failed to disconnect Linear',
  /** Labels of the 'Linear Issues' section of the to-do screen. */
  sectionTitle: 'Linear Issues',
  connect: 'Connect Linear',
  syncing: 'Syncing...',
  sync: 'Sync',
  noIssues: 'No issues assigned to you in Linear',
} as const;

/** 'Rate limit exceeded. Please try again in {n} seconds.' (n in seconds). */
export const rateLimitMessage = (seconds: number) =>
  `Rate limit exceeded. Please try again in ${seconds} seconds.`;

/** 'Linear API error: {status} - {error or Unknown error}'. */
export const linearApiErrorMessage = (status: number, error?: string | null) =>
  `Linear API error: ${status} - ${error || 'Unknown error'}`;

/** 'Synced {n} issues from Linear'. */
export const linearSyncedMessage = (n: number) => `Synced ${n} issues from Linear`;

/** 'Updated "{title}" in Linear', the description of 'Issue completed' / 'Issue reopened'. */
export const linearIssueUpdatedMessage = (title: string) => `Updated "${title}" in Linear`;

/** Linear constants. */
export const LINEAR_LIMITS = {
  /** Least time between two Linear requests of one user, in ms (the server waits). */
  minRequestGapMs: 1000,
  /** Seconds to wait after a rate-limit answer without a retry-after. */
  defaultRetryAfterSeconds: 60,
  /** Cache of issues, in ms. */
  cacheMs: 5 * 60_000,
  /** Polling while active, in ms. */
  pollMs: 30_000,
  /** No polling after this long without mouse, key or scroll activity, in ms. */
  inactivityMs: 5 * 60_000,
  /** The OAuth popup, in CSS pixels. */
  popupWidth: 500,
  popupHeight: 600,
  /** Assigned issues fetched per sync (one page). */
  assignedIssuesPage: 100,
} as const;

/** OAuth scopes Summy asks of Linear. */
export const LINEAR_SCOPES = ['read', 'write', 'issues:create', 'timeSchedule:write'] as const;

/** A Linear workflow state. `type`: backlog, unstarted, started, completed, canceled, triage. */
export const linearStateSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });
/** A workflow state. */
export type LinearState = z.infer<typeof linearStateSchema>;

/** A Linear team. */
export const linearTeamSchema = z.object({ id: z.string(), name: z.string(), key: z.string() });
/** A team. */
export type LinearTeam = z.infer<typeof linearTeamSchema>;

/** A Linear user: the viewer or an assignee. */
export const linearUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
/** A Linear user. */
export type LinearUser = z.infer<typeof linearUserSchema>;

/**
 * A Linear issue. `dueDate` is Linear's TimelessDate 'YYYY-MM-DD'; `priority` 0 none, 1 urgent, 2
 * high, 3 medium, 4 low; dates ISO 8601.
 */
export const linearIssueSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  state: linearStateSchema,
  assignee: linearUserSchema.nullable(),
  team: z.object({ id: z.string(), name: z.string(), key: z.string().optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  url: z.string(),
  dueDate: z.string().nullable(),
  // Linear's schema types it Float; the values are 0 to 4.
  priority: z.number().min(0).max(4),
});
/** A Linear issue. */
export type LinearIssue = z.infer<typeof linearIssueSchema>;

/** A Linear issue is done when its state name is 'done' (any case) or its type 'completed'. */
export function isLinearIssueDone(issue: { state: Pick<LinearState, 'name' | 'type'> }): boolean {
  return issue.state.name.trim().toLowerCase() === 'done' || issue.state.type === 'completed';
}

/**
 * The workflow state that completes (`done` true) or reopens an issue: complete = the state named
 * Done, else one of type completed, else the first; reopen = one of type unstarted, else the first.
 * Null when the team has no states ('No valid states found').
 */
export function pickCompletionState<S extends Pick<LinearState, 'name' | 'type'>>(
  states: readonly S[],
  done: boolean,
): S | null {
  if (states.length === 0) return null;
  const found = done
    ? (states.find((s) => s.name.trim().toLowerCase() === 'done') ??
      states.find((s) => s.type === 'completed'))
    : states.find((s) => s.type === 'unstarted');
  return found ?? states[0]!;
}

/** Priority names of Linear's scale (badges of). */
export type LinearPriorityName = 'urgent' | 'high' | 'medium' | 'low' | 'none';

/** Linear's priority number to its name: 1 urgent, 2 high, 3 medium, 4 low, anything else none. */
export function linearPriorityToTodo(priority: number | null | undefined): LinearPriorityName {
  switch (priority) {
    case 1:
      return 'urgent';
    case 2:
      return 'high';
    case 3:
      return 'medium';
    case 4:
      return 'low';
    default:
      return 'none';
  }
}

/**
 * A to-do's priority to Linear's number: the star (true = high) or a stored or badge value; urgent
 * 1, high 2, medium 3, low 4, none 0.
 */
export function todoPriorityToLinear(
  priority: boolean | StoredPriority | LinearPriorityName | null | undefined,
): number {
  if (priority === true) return 2;
  switch (priority) {
    case 'urgent':
      return 1;
    case 'high':
      return 2;
    case 'medium':
      return 3;
    case 'low':
      return 4;
    default:
      return 0;
  }
}

/** `GET /api/linear/status`: whether the server has Linear settings and the user a working token. */
export const linearStatusSchema = z.object({
  connected: z.boolean(),
  configured: z.boolean(),
  /** Linear's viewer, when connected and Linear answered. */
  viewer: linearUserSchema.optional(),
});
/** The Linear connection's status. */
export type LinearStatus = z.infer<typeof linearStatusSchema>;

/** A same-site path to come back to after the popup (no scheme, no `//`), e.g. '/todos'. */
const returnToSchema = boundedText(TEXT_LIMITS.url).regex(/^\/(?![/\\])/, 'a path starting with /');

/** Query of `GET /api/linear/authorize-url`. */
export const linearAuthorizeQuerySchema = z.object({ returnTo: returnToSchema.optional() });

/** Answer of `GET /api/linear/authorize-url`: Linear's authorize page and the random state it carries. */
export const linearAuthorizeUrlSchema = z.object({ url: z.string(), state: z.string() });
/** The authorize URL. */
export type LinearAuthorizeUrl = z.infer<typeof linearAuthorizeUrlSchema>;

/** Body of `POST /api/linear/token` (`code` plus the state; the client id is the server's). */
export const linearTokenBodySchema = z
  .object({
    code: boundedText(TEXT_LIMITS.authOther).min(1),
    state: boundedText(TEXT_LIMITS.identifier).min(1),
  })
  .strict();

/** Answer of `POST /api/linear/token`: never the token; `returnTo` as given to authorize-url. */
export const linearTokenAnswerSchema = z.object({
  connected: z.literal(true),
  returnTo: z.string().optional(),
});
/** Answer of the code exchange. */
export type LinearTokenAnswer = z.infer<typeof linearTokenAnswerSchema>;

/** Summy's own Linear operations, the only ones the relay runs. */
export const LINEAR_OPERATIONS = [
  'viewer',
  'assignedIssues',
  'workflowStates',
  'teams',
  'issueUpdate',
  'issueCreate',
] as const;
/** One of Summy's Linear operations. */
export type LinearOperation = (typeof LINEAR_OPERATIONS)[number];

const linearId = boundedText(TEXT_LIMITS.identifier).min(1);
/** Linear's TimelessDate. */
const timelessDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const noVariables = z.object({}).strict().optional();

/**
 * Body of `POST /api/linear/graphql`: an operation name and its variables. The server holds the
 * documents; a `query` field or any other operation answers 400.
 */
export const linearGraphqlBodySchema = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('viewer'), variables: noVariables }).strict(),
  z.object({ operation: z.literal('assignedIssues'), variables: noVariables }).strict(),
  z.object({ operation: z.literal('teams'), variables: noVariables }).strict(),
  z
    .object({
      operation: z.literal('workflowStates'),
      variables: z.object({ teamId: linearId }).strict(),
    })
    .strict(),
  z
    .object({
      operation: z.literal('issueUpdate'),
      variables: z
        .object({
          id: linearId,
          input: z
            .object({
              title: boundedText(TEXT_LIMITS.todoTitle).trim().min(1).optional(),
              dueDate: timelessDate.nullable().optional(),
              stateId: linearId.optional(),
            })
            .strict()
            .refine((i) => Object.keys(i).length > 0, 'nothing to update'),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      operation: z.literal('issueCreate'),
      variables: z
        .object({
          title: boundedText(TEXT_LIMITS.todoTitle).trim().min(1),
          description: boundedText(TEXT_LIMITS.description).optional(),
          teamId: linearId,
        })
        .strict(),
    })
    .strict(),
]);
/** Body of the relay. */
export type LinearGraphqlBody = z.infer<typeof linearGraphqlBodySchema>;

/** Answer of the relay: Linear's own `{data}` or `{errors}` (mutations carry `success`). */
export const linearGraphqlAnswerSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z
        .object({ message: z.string(), extensions: z.record(z.string(), z.unknown()).optional() })
        .passthrough(),
    )
    .optional(),
});
/** Answer of the relay. */
export type LinearGraphqlAnswer = z.infer<typeof linearGraphqlAnswerSchema>;

/** Body of `POST /api/todos/:id/linear`: the team the issue is created in. */
export const sendTodoToLinearSchema = z.object({ teamId: linearId }).strict();

/** Answer of `POST /api/linear/sync`: the user's open assigned issues after completion was applied both ways. */
export const linearSyncAnswerSchema = z.object({
  issues: z.array(linearIssueSchema),
  /** ISO 8601. */
  syncedAt: z.string(),
  /** Linked to-dos completed because their issue was. */
  todosCompleted: z.number().int().min(0),
  /** Issues moved to a completed state because their to-do was. */
  issuesCompleted: z.number().int().min(0),
});
/** Answer of a sync. */
export type LinearSyncAnswer = z.infer<typeof linearSyncAnswerSchema>;

/** Messages the `/linear/callback` popup posts to its opener (without the token). */
export const linearAuthMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LINEAR_AUTH_SUCCESS'), returnTo: z.string().optional() }),
  z.object({ type: z.literal('LINEAR_AUTH_ERROR'), error: z.string() }),
]);
/** A popup message. */
export type LinearAuthMessage = z.infer<typeof linearAuthMessageSchema>;
