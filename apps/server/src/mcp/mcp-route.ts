/**
 * `/mcp`: the MCP endpoint (Streamable HTTP, stateless: POST for requests; GET, which would open a
 * stream of server messages, and DELETE, which would end a session, answer 405 with `Allow: POST`:
 * a stateless server has neither). Authenticated by a personal API key only (`Authorization:
 * Bearer summy_…`): 401 with `WWW-Authenticate: Bearer` without one. A request whose `Origin` is
 * not Summy's own (PUBLIC_URL's, with its loopback aliases) answers 403: the transport's rule
 * against DNS rebinding, where a web page reaches a server on the user's machine or network
 * under a name of the attacker's. Clients that are not browsers send no Origin and pass.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import {
  ForbiddenError,
  MethodNotAllowedError,
  UnauthenticatedError,
} from '../errors/app-errors.ts';
import type { AppEnv } from '../http/context.ts';
import { authenticateApiKey } from '../services/api-keys/authenticate-api-key.ts';
import { trustedOrigins } from '../services/auth/auth-options.ts';
import { createMcpServer } from './mcp-server.ts';

/** Mounts `/mcp` on the app. */
export function mountMcp(app: Hono<AppEnv>, deps: AppDeps): void {
  const origins = trustedOrigins(deps.env.publicUrl);
  app.all('/mcp', async (c) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !origins.includes(origin)) {
      throw new ForbiddenError(
        `MCP requests from web pages of other sites are refused; Summy's own is ${deps.env.publicUrl} (PUBLIC_URL).`,
      );
    }
    if (c.req.method !== 'POST') {
      c.header('Allow', 'POST');
      throw new MethodNotAllowedError(
        'The MCP endpoint is stateless: send each JSON-RPC request with POST.',
      );
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer) {
      c.header('WWW-Authenticate', 'Bearer realm="summy"');
      throw new UnauthenticatedError(
        'The MCP endpoint takes a personal API key: Authorization: Bearer summy_… (Settings > Account > API keys)',
      );
    }
    const key = await authenticateApiKey(deps.database.db, bearer);
    const server = createMcpServer(deps, key.userId, key.scope);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      void server.close();
    }
  });
}
