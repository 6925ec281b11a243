/**
 * The Linear fake's data and GraphQL execution: graphql-js `buildSchema` over Linear's own schema
 * (vendor/linear/linear-schema.graphql, the one copy the server's document test also reads), so
 * every document gets Linear's real parsing and validation, and a root value that resolves the
 * part of the API Summy uses: `viewer` (with `assignedIssues`), `teams`, `workflowStates`,
 * `issues`, `issue`, `issueUpdate`, `issueCreate`. Filters support the comparators eq, neq, in,
 * nin, eqIgnoreCase and nested entity filters with and/or; pagination `first`/`after`, `orderBy`
 * createdAt or updatedAt (newest first), `includeArchived`. Fields outside that subset resolve to
 * null (a non-null one then fails the way GraphQL reports it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import type { FakeLinearIssue, FakeLinearState, FakeLinearTeam, FakeLinearUser } from './seed.ts';

/** Linear's schema file, shared with the server's tests (vendor/linear/README.md). */
export const LINEAR_SCHEMA_PATH = fileURLToPath(
  new URL('../../../../vendor/linear/linear-schema.graphql', import.meta.url),
);

let schema: GraphQLSchema | undefined;

/** Linear's schema, built once per process (about 1-2 s: the file is 50,000 lines). */
export function linearSchema(): GraphQLSchema {
  schema ??= buildSchema(readFileSync(LINEAR_SCHEMA_PATH, 'utf8'));
  return schema;
}

/** Linear's error for an unknown id ('Entity not found: Issue'), code INVALID_INPUT. */
export function entityNotFound(entity: string): GraphQLError {
  return new GraphQLError(`Entity not found: ${entity}`, {
    extensions: {
      code: 'INVALID_INPUT',
      type: 'invalid input',
      userPresentableMessage: `Could not find referenced ${entity}.`,
    },
  });
}

type Plain = Record<string, unknown>;
const COMPARATORS = new Set([
  'eq',
  'neq',
  'in',
  'nin',
  'eqIgnoreCase',
  'neqIgnoreCase',
  'null',
  'lt',
  'lte',
  'gt',
  'gte',
]);

function compare(value: unknown, comparator: Plain): boolean {
  return Object.entries(comparator).every(([op, want]) => {
    switch (op) {
      case 'eq':
        return value === want;
      case 'neq':
        return value !== want;
      case 'in':
        return (want as unknown[]).includes(value);
      case 'nin':
        return !(want as unknown[]).includes(value);
      case 'eqIgnoreCase':
        return String(value).toLowerCase() === String(want).toLowerCase();
      case 'neqIgnoreCase':
        return String(value).toLowerCase() !== String(want).toLowerCase();
      case 'null':
        return (value === null || value === undefined) === want;
      case 'lt':
        return String(value) < String(want);
      case 'lte':
        return String(value) <= String(want);
      case 'gt':
        return String(value) > String(want);
      case 'gte':
        return String(value) >= String(want);
      default:
        return true;
    }
  });
}

/** Whether a plain entity (nested objects for relations) matches a Linear filter object. */
export function matchesFilter(
  entity: Plain | null | undefined,
  filter: Plain | undefined,
): boolean {
  if (!filter) return true;
  if (!entity) return false;
  return Object.entries(filter).every(([key, sub]) => {
    if (sub === undefined || sub === null) return true;
    if (key === 'and') return (sub as Plain[]).every((f) => matchesFilter(entity, f));
    if (key === 'or') return (sub as Plain[]).some((f) => matchesFilter(entity, f));
    const value = entity[key];
    const keys = Object.keys(sub as Plain);
    if (keys.length && keys.every((k) => COMPARATORS.has(k))) return compare(value, sub as Plain);
    return matchesFilter(value as Plain | null, sub as Plain);
  });
}

interface ConnectionArgs {
  first?: number;
  after?: string;
  filter?: Plain;
  includeArchived?: boolean;
  orderBy?: 'createdAt' | 'updatedAt';
}

/** A Linear connection: one page of nodes with cursors. */
interface Connection<T> {
  nodes: T[];
  edges: { node: T; cursor: string }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

/** The page of `items` that `args` selects, newest `orderBy` first. */
function connection<T extends object>(items: T[], args: ConnectionArgs): Connection<T> {
  const key = args.orderBy ?? 'createdAt';
  const field = (item: T) => String((item as Plain)[key] ?? '');
  const sorted = [...items].sort((a, b) => field(b).localeCompare(field(a)));
  const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString()) + 1 : 0;
  const size = Math.min(args.first ?? 50, 250);
  const page = sorted.slice(start, start + size);
  const cursor = (i: number) => Buffer.from(String(start + i)).toString('base64url');
  return {
    nodes: page,
    edges: page.map((node, i) => ({ node, cursor: cursor(i) })),
    pageInfo: {
      hasNextPage: start + size < sorted.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursor(0) : null,
      endCursor: page.length ? cursor(page.length - 1) : null,
    },
  };
}

/** Which fields an issue mutation may set (Linear's IssueCreateInput / IssueUpdateInput subset). */
export interface IssueInput {
  title?: string;
  description?: string | null;
  teamId?: string;
  stateId?: string;
  assigneeId?: string | null;
  priority?: number;
  dueDate?: string | null;
}

/** The fake workspace: users, teams, states and issues, and their GraphQL views. */
export class LinearStore {
  constructor(
    readonly users: FakeLinearUser[],
    readonly teams: FakeLinearTeam[],
    readonly states: FakeLinearState[],
    readonly issues: FakeLinearIssue[],
    private readonly now: () => Date,
    /** Origin of the fake: issue URLs point at its issue pages. */
    private readonly origin: () => string,
  ) {}

  /** An issue by id or identifier ('ENG-1'). */
  findIssue(idOrIdentifier: string): FakeLinearIssue | undefined {
    return this.issues.find((i) => i.id === idOrIdentifier || i.identifier === idOrIdentifier);
  }

  private userView(user: FakeLinearUser | undefined) {
    if (!user) return null;
    return {
      ...user,
      displayName: user.name.split(' ')[0]!.toLowerCase(),
      active: true,
      admin: false,
      assignedIssues: (args: ConnectionArgs) =>
        this.issueConnection(args, (i) => i.assigneeId === user.id),
    };
  }

  private teamView(team: FakeLinearTeam | undefined) {
    if (!team) return null;
    return {
      ...team,
      states: (args: ConnectionArgs) =>
        connection(
          this.states.filter((s) => s.teamId === team.id).map((s) => this.stateView(s)),
          args,
        ),
      issues: (args: ConnectionArgs) => this.issueConnection(args, (i) => i.teamId === team.id),
    };
  }

  private stateView(state: FakeLinearState) {
    return { ...state, team: this.teamView(this.teams.find((t) => t.id === state.teamId)) };
  }

  /** An issue as GraphQL resolves it (relations as nested objects, also used by filters). */
  issueView(issue: FakeLinearIssue) {
    const state = this.states.find((s) => s.id === issue.stateId)!;
    return {
      ...issue,
      url: `${this.origin()}/summy-fake/issue/${issue.identifier}`,
      state: this.stateView(state),
      team: this.teamView(this.teams.find((t) => t.id === issue.teamId)),
      assignee: this.userView(this.users.find((u) => u.id === issue.assigneeId)),
    };
  }

  private issueConnection(
    args: ConnectionArgs,
    where: (i: FakeLinearIssue) => boolean,
  ): Connection<Plain> {
    const views: Plain[] = this.issues
      .filter((i) => where(i) && (args.includeArchived || !i.archivedAt))
      .map((i) => this.issueView(i))
      .filter((v) => matchesFilter(v as unknown as Plain, args.filter));
    return connection(views, args);
  }

  /** Applies an issue input: checks references, stamps updatedAt and completion times. */
  updateIssue(issue: FakeLinearIssue, input: IssueInput): void {
    if (input.stateId !== undefined) {
      const state = this.states.find((s) => s.id === input.stateId);
      if (!state || state.teamId !== issue.teamId) throw entityNotFound('WorkflowState');
      const stamp = this.now().toISOString();
      const moved = issue.stateId !== state.id;
      // Like Linear: entering a completed (canceled) state stamps the time, leaving it clears it.
      issue.completedAt =
        state.type === 'completed'
          ? moved || !issue.completedAt
            ? stamp
            : issue.completedAt
          : null;
      issue.canceledAt =
        state.type === 'canceled' ? (moved || !issue.canceledAt ? stamp : issue.canceledAt) : null;
      issue.stateId = state.id;
    }
    if (input.assigneeId !== undefined) {
      if (input.assigneeId !== null && !this.users.some((u) => u.id === input.assigneeId))
        throw entityNotFound('User');
      issue.assigneeId = input.assigneeId;
    }
    if (input.title !== undefined) {
      if (!input.title.trim()) throw invalidInput('title must not be empty');
      issue.title = input.title;
    }
    if (input.description !== undefined) issue.description = input.description;
    if (input.priority !== undefined) {
      if (![0, 1, 2, 3, 4].includes(input.priority)) throw invalidInput('priority must be 0 to 4');
      issue.priority = input.priority;
    }
    if (input.dueDate !== undefined) {
      if (input.dueDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate))
        throw invalidInput('dueDate must be a date (YYYY-MM-DD)');
      issue.dueDate = input.dueDate;
    }
    issue.updatedAt = this.now().toISOString();
  }

  /** Creates an issue in a team: first unstarted state unless given, next number of the team. */
  createIssue(input: IssueInput & { teamId: string }): FakeLinearIssue {
    const team = this.teams.find((t) => t.id === input.teamId || t.key === input.teamId);
    if (!team) throw entityNotFound('Team');
    const number =
      1 + Math.max(0, ...this.issues.filter((i) => i.teamId === team.id).map((i) => i.number));
    const teamStates = this.states.filter((s) => s.teamId === team.id);
    const start = teamStates.find((s) => s.type === 'unstarted') ?? teamStates[0]!;
    const stamp = this.now().toISOString();
    const issue: FakeLinearIssue = {
      id: `iss_${team.key.toLowerCase()}_${number}`,
      identifier: `${team.key}-${number}`,
      number,
      title: '',
      description: null,
      teamId: team.id,
      stateId: start.id,
      assigneeId: null,
      priority: 0,
      dueDate: null,
      createdAt: stamp,
      updatedAt: stamp,
      completedAt: null,
      canceledAt: null,
      archivedAt: null,
    };
    const { teamId: _team, ...fields } = input;
    this.updateIssue(issue, { ...fields, title: input.title ?? '' });
    this.issues.push(issue);
    return issue;
  }

  /** The GraphQL root value for requests of one viewer. */
  rootValue(viewerId: string) {
    const viewer = this.users.find((u) => u.id === viewerId);
    return {
      viewer: () => this.userView(viewer),
      user: ({ id }: { id: string }) => {
        const user = this.users.find((u) => u.id === id);
        if (!user) throw entityNotFound('User');
        return this.userView(user);
      },
      users: (args: ConnectionArgs) =>
        connection(
          this.users.map((u) => this.userView(u)!).filter((u) => matchesFilter(u, args.filter)),
          args,
        ),
      teams: (args: ConnectionArgs) =>
        connection(
          this.teams.map((t) => this.teamView(t)!).filter((t) => matchesFilter(t, args.filter)),
          args,
        ),
      team: ({ id }: { id: string }) => {
        const team = this.teams.find((t) => t.id === id);
        if (!team) throw entityNotFound('Team');
        return this.teamView(team);
      },
      workflowStates: (args: ConnectionArgs) =>
        connection(
          this.states
            .map((s) => this.stateView(s))
            .filter((s) => matchesFilter(s as unknown as Plain, args.filter)),
          args,
        ),
      issues: (args: ConnectionArgs) => this.issueConnection(args, () => true),
      issue: ({ id }: { id: string }) => {
        const issue = this.findIssue(id);
        if (!issue) throw entityNotFound('Issue');
        return this.issueView(issue);
      },
      issueUpdate: ({ id, input }: { id: string; input: IssueInput }) => {
        const issue = this.findIssue(id);
        if (!issue) throw entityNotFound('Issue');
        if (input.teamId !== undefined && input.teamId !== issue.teamId)
          throw invalidInput('moving issues between teams is not supported by the fake');
        this.updateIssue(issue, input);
        return { success: true, lastSyncId: Date.now(), issue: this.issueView(issue) };
      },
      issueCreate: ({ input }: { input: IssueInput & { teamId: string } }) => {
        const issue = this.createIssue(input);
        return { success: true, lastSyncId: Date.now(), issue: this.issueView(issue) };
      },
    };
  }
}

function invalidInput(message: string): GraphQLError {
  return new GraphQLError(`Argument Validation Error: ${message}`, {
    extensions: { code: 'INVALID_INPUT', type: 'invalid input', userPresentableMessage: message },
  });
}
