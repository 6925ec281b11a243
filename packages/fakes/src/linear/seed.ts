/**
 * What the Linear fake starts with: one workspace with two users, two teams with their workflow
 * states (Engineering's completion state is named 'Done', Design's 'Shipped', so both branches of
 * `pickCompletionState` are exercised), and issues assigned to each user, open ones and a completed
 * one. Dates are relative to the fake's clock.
 */

/** A Linear user of the fake's workspace. */
export interface FakeLinearUser {
  id: string;
  name: string;
  email: string;
}

/** A team. */
export interface FakeLinearTeam {
  id: string;
  name: string;
  key: string;
}

/** A workflow state of one team; `type` is backlog, unstarted, started, completed or canceled. */
export interface FakeLinearState {
  id: string;
  name: string;
  type: string;
  teamId: string;
  position: number;
}

/** An issue as the fake stores it (ISO 8601 dates; `dueDate` 'YYYY-MM-DD'). */
export interface FakeLinearIssue {
  id: string;
  identifier: string;
  number: number;
  title: string;
  description: string | null;
  teamId: string;
  stateId: string;
  assigneeId: string | null;
  /** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
  priority: number;
  dueDate: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  canceledAt: string | null;
  archivedAt: string | null;
}

/** The seeded users: Ada (the first, with most issues) and Grace. */
export const SEED_USERS: FakeLinearUser[] = [
  { id: 'usr_ada', name: 'Ada Lovelace', email: 'ada@linear.test' },
  { id: 'usr_grace', name: 'Grace Hopper', email: 'grace@linear.test' },
];

/** The seeded teams. */
export const SEED_TEAMS: FakeLinearTeam[] = [
  { id: 'team_eng', name: 'Engineering', key: 'ENG' },
  { id: 'team_des', name: 'Design', key: 'DES' },
];

const STATE_KINDS: [string, string][] = [
  ['backlog', 'Backlog'],
  ['unstarted', 'Todo'],
  ['started', 'In Progress'],
  ['completed', 'Done'],
  ['canceled', 'Canceled'],
];

/** Workflow states of a team; `doneName` names its completed state. */
export function teamStates(team: FakeLinearTeam, doneName = 'Done'): FakeLinearState[] {
  return STATE_KINDS.map(([type, name], position) => ({
    id: `state_${team.key.toLowerCase()}_${type}`,
    name: type === 'completed' ? doneName : name,
    type,
    teamId: team.id,
    position,
  }));
}

/** The seed around `now`: users, teams, states and issues. */
export function buildLinearSeed(now: Date) {
  const day = 86_400_000;
  const at = (days: number) => new Date(now.getTime() + days * day).toISOString();
  const date = (days: number) => at(days).slice(0, 10);
  const states = [...teamStates(SEED_TEAMS[0]!), ...teamStates(SEED_TEAMS[1]!, 'Shipped')];
  const state = (teamKey: string, type: string) => `state_${teamKey.toLowerCase()}_${type}`;
  const issue = (
    teamKey: 'ENG' | 'DES',
    number: number,
    fields: Partial<FakeLinearIssue> & { title: string; stateType: string },
  ): FakeLinearIssue => {
    const { stateType, ...rest } = fields;
    return {
      id: `iss_${teamKey.toLowerCase()}_${number}`,
      identifier: `${teamKey}-${number}`,
      number,
      description: null,
      teamId: teamKey === 'ENG' ? 'team_eng' : 'team_des',
      stateId: state(teamKey, stateType),
      assigneeId: 'usr_ada',
      priority: 0,
      dueDate: null,
      createdAt: at(-10 + number),
      updatedAt: at(-5 + number / 10),
      completedAt: stateType === 'completed' ? at(-1) : null,
      canceledAt: null,
      archivedAt: null,
      ...rest,
    };
  };
  const issues: FakeLinearIssue[] = [
    issue('ENG', 1, {
      title: 'Fix the login redirect loop',
      description: 'Users land on /login again after signing in.',
      stateType: 'unstarted',
      priority: 2,
      dueDate: date(3),
    }),
    issue('ENG', 2, {
      title: 'Write the onboarding guide',
      stateType: 'started',
      priority: 3,
    }),
    issue('ENG', 3, { title: 'Ship the 1.0 release notes', stateType: 'completed', priority: 4 }),
    issue('ENG', 4, {
      title: 'Review the database migration',
      stateType: 'unstarted',
      assigneeId: 'usr_grace',
      priority: 1,
    }),
    issue('DES', 1, { title: 'New app icon', stateType: 'backlog', priority: 1, dueDate: date(7) }),
  ];
  return { users: SEED_USERS, teams: SEED_TEAMS, states, issues };
}
