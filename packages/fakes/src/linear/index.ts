/**
 * A loopback fake of Linear (OAuth 2.0 with rotating refresh tokens, GraphQL over Linear's own
 * schema with real validation, rate-limit answers) for tests, e2e and local trials. See server.ts
 * for the paths and behaviour.
 */
export {
  startFakeLinear,
  type FakeLinear,
  type FakeLinearOptions,
  type FakeLinearRequest,
  type RateLimitOptions,
} from './server.ts';
export { LINEAR_SCHEMA_PATH, linearSchema } from './graph.ts';
export { DEFAULT_FAKE_LINEAR_CLIENT, type FakeLinearClient } from './oauth-routes.ts';
export {
  SEED_TEAMS,
  SEED_USERS,
  type FakeLinearIssue,
  type FakeLinearState,
  type FakeLinearTeam,
  type FakeLinearUser,
} from './seed.ts';
