/**
 * `/mcp`: the MCP endpoint (Streamable HTTP, stateless: POST for requests; GET and DELETE answer
 * 405 as the transport does without sessions). Authenticated by a personal API key only
 * (`Authorization: Bearer summy_…`): 401 with `WWW-Authenticate: Bearer` without one.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { UnauthenticatedError } from '../errors/app-errors.ts';
import type { AppEnv } from '../http/context.ts';
import { authenticateApiKey } from '../services/api-keys/authenticate-api-key.ts';
import { createMcpServer } from './mcp-server.ts';

/** Mounts `/mcp` on the app. */
export function mountMcp(app: Hono<AppEnv>, deps: AppDeps): void {
  app.all('/mcp', async (c) => {
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
