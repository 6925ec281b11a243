/**
 * Linear over HTTP: OAuth 2.0 (authorize URL, code exchange, refresh with rotating refresh
 * tokens, revoke) and GraphQL requests of Summy's own documents, with Linear's failures turned
 * into Summy's typed Linear errors. From Linear's OAuth 2.0 and rate-limiting documentation: access
 * tokens last about 24 hours and come with rotating refresh tokens (`invalid_grant` means the
 * connection is gone); an exceeded rate limit answers `extensions.code: "RATELIMITED"` with HTTP
 * 400 as often as 429. Stateless: tokens are given by the caller (tokens.ts stores them); no
 * throttling here (throttle.ts).
 */
import {
  LINEAR_LIMITS,
  LINEAR_SCOPES,
  linearIssueSchema,
  linearStateSchema,
  linearTeamSchema,
  linearUserSchema,
  type LinearIssue,
  type LinearState,
  type LinearTeam,
  type LinearUser,
} from '@summy/core';
import { z } from 'zod';
import type { LinearSettings } from '../../env.ts';
import { LinearApiError, LinearRateLimitError } from './errors.ts';
import { LINEAR_DOCUMENTS, LINKED_ISSUES_DOCUMENT } from './documents.ts';

/** Linear's answer to a GraphQL request: `data`, `errors`, or both. */
export interface GraphqlAnswer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Tokens of one grant, as Linear's token endpoint gives them. */
export interface LinearTokenSet {
  accessToken: string;
  /** Null for grants without refresh (older Linear apps); rotated on every refresh. */
  refreshToken: string | null;
  /** Null when Linear gives no `expires_in`. */
  expiresAt: Date | null;
  scopes: string[];
}

/** A linked issue as sync reads it: the issue plus when it was completed (ISO 8601 or null). */
export type LinkedIssue = LinearIssue & { completedAt: string | null };

/** Fields the issue mutations set (Linear's IssueUpdateInput / IssueCreateInput, the part Summy uses). */
export interface IssueUpdateInput {
  title?: string;
  /** TimelessDate 'YYYY-MM-DD', null clears it. */
  dueDate?: string | null;
  stateId?: string;
}

/** Fields of a new issue. */
export interface IssueCreateInput {
  title: string;
  description?: string;
  teamId: string;
  assigneeId?: string;
  priority?: number;
}

const TIMEOUT_MS = 15_000;

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
  // Linear has answered both a space/comma separated string and an array.
  scope: z.union([z.string(), z.array(z.string())]).optional(),
});

const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

const nodes = <T extends z.ZodType>(node: T) => z.object({ nodes: z.array(node) });

/** Seconds to wait after a rate-limited answer: Retry-After, else the reset headers, else 60 s. */
export function retryAfterSeconds(headers: Headers, nowMs: number): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  // X-RateLimit-*-Reset is epoch milliseconds; the exhausted budget's reset is the one that counts.
  const resets = ['requests', 'complexity']
    .filter((kind) => headers.get(`x-ratelimit-${kind}-remaining`) === '0')
    .map((kind) => Number(headers.get(`x-ratelimit-${kind}-reset`)))
    .filter((reset) => Number.isFinite(reset) && reset > nowMs);
  if (resets.length) return Math.ceil((Math.max(...resets) - nowMs) / 1000);
  return LINEAR_LIMITS.defaultRetryAfterSeconds;
}

/** Options of {@link LinearClient}. */
export interface LinearClientOptions {
  /** The clock for expiries and rate-limit resets. */
  now?: () => Date;
}

/**
 * Linear's OAuth and GraphQL endpoints (`LinearSettings`: Linear's hosts, or LINEAR_BASE_URL).
 * Every method throws {@link LinearRateLimitError} (429/RATELIMITED) or {@link LinearApiError}
 * (anything else that is not a usable answer, `unauthenticated` for a refused token).
 */
export class LinearClient {
  private readonly now: () => Date;

  constructor(
    readonly settings: LinearSettings,
    options: LinearClientOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Linear's authorize page for the popup. */
  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: LINEAR_SCOPES.join(','),
      state,
    }).toString();
    return url.toString();
  }

  /** Exchanges an authorization code. @throws LinearApiError with the OAuth `error` as code */
  exchangeCode(code: string, redirectUri: string): Promise<LinearTokenSet> {
    return this.tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  /**
   * Trades a refresh token for new tokens; Linear rotates the refresh token, so the answer's
   * replaces the stored one. @throws LinearApiError, code 'invalid_grant' when refused
   */
  refresh(refreshToken: string): Promise<LinearTokenSet> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes a token (access or refresh); false when Linear refused or did not answer. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<boolean> {
    try {
      const res = await fetch(this.settings.revokeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(hint === 'access_token' ? { authorization: `Bearer ${token}` } : {}),
        },
        body: new URLSearchParams({
          token,
          token_type_hint: hint,
          client_id: this.settings.clientId,
          client_secret: this.settings.clientSecret,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  private async tokenRequest(params: Record<string, string>): Promise<LinearTokenSet> {
    const res = await this.send(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...params,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status === 429)
      throw new LinearRateLimitError(retryAfterSeconds(res.headers, this.nowMs()));
    const ok = tokenAnswerSchema.safeParse(body);
    if (!res.ok || !ok.success) {
      const err = oauthErrorSchema.safeParse(body);
      throw new LinearApiError(
        res.status,
        err.success ? (err.data.error_description ?? err.data.error) : null,
        err.success ? err.data.error : undefined,
      );
    }
    const { access_token, refresh_token, expires_in, scope } = ok.data;
    return {
      accessToken: access_token,
      refreshToken: refresh_token ?? null,
      expiresAt: expires_in ? new Date(this.nowMs() + expires_in * 1000) : null,
      scopes: (Array.isArray(scope) ? scope : (scope ?? '').split(/[ ,]+/)).filter(Boolean),
    };
  }

  /**
   * Sends one GraphQL document and answers Linear's body when it answered 200 (with `data`,
   * `errors` or both).
   * @throws LinearRateLimitError on HTTP 429 or an `extensions.code` RATELIMITED (HTTP 400 too)
   * @throws LinearApiError on any other non-200 answer, or no answer; `unauthenticated` on 401 or
   *   AUTHENTICATION_ERROR
   */
  async graphql<T = Record<string, unknown>>(
    accessToken: string,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GraphqlAnswer<T>> {
    const res = await this.send(this.settings.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    let body: GraphqlAnswer<T> | undefined;
    try {
      body = JSON.parse(text) as GraphqlAnswer<T>;
    } catch {
      body = undefined;
    }
    const errors = body && Array.isArray(body.errors) ? body.errors : [];
    const codes = errors.map((e) => e.extensions?.code).filter((c) => typeof c === 'string');
    if (res.status === 429 || codes.includes('RATELIMITED'))
      throw new LinearRateLimitError(retryAfterSeconds(res.headers, this.nowMs()));
    if (res.status === 401 || codes.includes('AUTHENTICATION_ERROR'))
      throw new LinearApiError(401, errors[0]?.message ?? null, 'AUTHENTICATION_ERROR');
    if (res.status !== 200 || !body || typeof body !== 'object')
      throw new LinearApiError(res.status, errors[0]?.message ?? null, codes[0]);
    return body;
  }

  /** Runs a document and answers `data`, which must be there. @throws LinearApiError when Linear answered only errors */
  private async data<T>(
    accessToken: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> {
    const answer = await this.graphql<T>(accessToken, query, variables);
    if (!answer.data) {
      const first = answer.errors?.[0];
      throw new LinearApiError(200, first?.message ?? null, first?.extensions?.code as string);
    }
    return answer.data;
  }

  /** The user the token belongs to. */
  async viewer(accessToken: string): Promise<LinearUser> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.viewer);
    return z.object({ viewer: linearUserSchema }).parse(data).viewer;
  }

  /** The viewer's open assigned issues (not completed or canceled), newest update first, one page. */
  async assignedIssues(accessToken: string): Promise<LinearIssue[]> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.assignedIssues, {
      first: LINEAR_LIMITS.assignedIssuesPage,
    });
    return z.object({ viewer: z.object({ assignedIssues: nodes(linearIssueSchema) }) }).parse(data)
      .viewer.assignedIssues.nodes;
  }

  /** A team's workflow states. */
  async workflowStates(accessToken: string, teamId: string): Promise<LinearState[]> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.workflowStates, {
      teamId,
    });
    return z.object({ workflowStates: nodes(linearStateSchema) }).parse(data).workflowStates.nodes;
  }

  /** Teams whose issues the viewer can access (first 100). */
  async teams(accessToken: string): Promise<LinearTeam[]> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.teams);
    return z.object({ teams: nodes(linearTeamSchema) }).parse(data).teams.nodes;
  }

  /** Updates an issue. @throws LinearApiError when Linear answers `success: false` */
  async issueUpdate(
    accessToken: string,
    id: string,
    input: IssueUpdateInput,
  ): Promise<LinearIssue> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.issueUpdate, { id, input });
    const { issueUpdate } = z
      .object({
        issueUpdate: z.object({ success: z.boolean(), issue: linearIssueSchema.nullable() }),
      })
      .parse(data);
    if (!issueUpdate.success || !issueUpdate.issue)
      throw new LinearApiError(200, 'issueUpdate was not successful');
    return issueUpdate.issue;
  }

  /** Creates an issue. @throws LinearApiError when Linear answers `success: false` */
  async issueCreate(accessToken: string, input: IssueCreateInput): Promise<LinearIssue> {
    const data = await this.data<unknown>(accessToken, LINEAR_DOCUMENTS.issueCreate, { input });
    const { issueCreate } = z
      .object({
        issueCreate: z.object({ success: z.boolean(), issue: linearIssueSchema.nullable() }),
      })
      .parse(data);
    if (!issueCreate.success || !issueCreate.issue)
      throw new LinearApiError(200, 'issueCreate was not successful');
    return issueCreate.issue;
  }

  /** Issues by id (at most 100 ids), done and archived ones too; unknown ids are left out. */
  async linkedIssues(accessToken: string, ids: string[]): Promise<LinkedIssue[]> {
    if (ids.length === 0) return [];
    const data = await this.data<unknown>(accessToken, LINKED_ISSUES_DOCUMENT, {
      ids,
      first: ids.length,
    });
    return z
      .object({
        issues: nodes(linearIssueSchema.extend({ completedAt: z.string().nullable() })),
      })
      .parse(data).issues.nodes;
  }

  private nowMs(): number {
    return this.now().getTime();
  }

  // Network failures and time-outs read as 'Linear API error: 0 - ...'.
  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new LinearApiError(0, (err as Error).message);
    }
  }
}
