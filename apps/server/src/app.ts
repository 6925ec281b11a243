/**
 * Builds Summy's HTTP application: Better Auth at /api/auth/*, the owner-scoped data API under
 * /api, its OpenAPI document at /api/openapi.json, and the built web app for every other path.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import { authInputGuard } from './http/auth-input.ts';
import { betterAuthHandler, credentialLimits } from './http/auth-limits.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { refuseNul } from './http/nul-input.ts';
import { noStoreApi } from './http/cache-control.ts';
import { clientAddress } from './http/client-address.ts';
import type { AppEnv } from './http/context.ts';
import type { AppDeps } from './deps.ts';
import { handleError } from './http/handle-error.ts';
import { NotFoundError } from './errors/app-errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requestContext } from './http/request-context.ts';
import { httpMetrics } from './metrics/http.ts';
import { metricsRoutes } from './metrics/routes.ts';
import {
  getSessionAnswer,
  requireSession,
  SAFE_METHODS,
  sameOriginWrites,
} from './http/session.ts';
import { MEETING_ANSWER_MAX_AGE_MS } from './services/meetings/get-meeting.ts';
import { createMeetingListCache } from './services/meetings/meeting-list-cache.ts';
import { createSessionMemo, sessionMemoKey, type SessionMemo } from './http/session-memo.ts';
import { trustedOrigins } from './services/auth/auth-options.ts';
import { calendarRoutes, meetingCalendarRoutes } from './routes/calendar/routes.ts';
import { chatAnswerRoutes } from './routes/chat/routes.ts';
import { chatMessageRoutes, chatRoutes } from './routes/chats/routes.ts';
import { contactRoutes } from './routes/contacts/routes.ts';
import { voiceRoutes } from './routes/voices/routes.ts';
import { accountRoutes } from './routes/account/routes.ts';
import { adminRoutes } from './routes/admin/routes.ts';
import { apiKeyRoutes } from './routes/api-keys/routes.ts';
import { refuseDisabledAccounts } from './http/account-gate.ts';
import { webhookRoutes } from './routes/webhooks/routes.ts';
import { meetingExportRoutes } from './routes/meetings/export-routes.ts';
import { meetingSeriesRoutes } from './routes/meetings/series-routes.ts';
import { meetingNotesRoutes } from './routes/meetings/notes-routes.ts';
import { meetingLiveRoutes } from './routes/meetings/live-routes.ts';
import { meetingTranscriptRoutes } from './routes/meetings/transcript-routes.ts';
import { eventRoutes } from './routes/events/routes.ts';
import { googleRoutes } from './routes/google/routes.ts';
import { linearRouters } from './routes/linear/routes.ts';
import { meetingGroupRoutes } from './routes/meeting-groups/routes.ts';
import { meetingRoutes } from './routes/meetings/routes.ts';
import { modelRoutes } from './routes/models/routes.ts';
import { recordingRoutes } from './routes/recordings/routes.ts';
import { remindersRoutes } from './routes/reminders/routes.ts';
import { searchRoutes } from './routes/search/routes.ts';
import { settingsRoutes } from './routes/settings/routes.ts';
import { storageRoutes } from './routes/recordings/storage-routes.ts';
import { textRoutes } from './routes/text/routes.ts';
import { transcriptionRoutes } from './routes/transcription/routes.ts';
import { systemRoutes } from './routes/system/routes.ts';
import { todoRoutes } from './routes/todos/routes.ts';
import { shareRoutes } from './routes/shares/routes.ts';
import { publicShareRoutes } from './routes/shares/public-routes.ts';
import { tusRoutes } from './uploads/tus-routes.ts';
import { mountMcp } from './mcp/mcp-route.ts';

/**
 * Creates the application for the given dependencies (the `all` and `web` roles; a worker
 * process serves worker-app.ts instead).
 * @param working the queues this process works, which `/api/health` lists
 */
export function createApp(deps: AppDeps, working: readonly string[] = []) {
  const { auth, env } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  // Before all else: the request id is in every answer and in every log line of the request.
  app.use('*', requestContext());
  // Times every request by its route pattern (METRICS_ENABLED; metrics/http.ts).
  app.use('*', httpMetrics(env.metrics));
  // First, so every answer carries them: API, web app, errors.
  app.use('*', securityHeaders(env));
  // Users' data is never cached: every /api answer without its own Cache-Control gets no-store.
  app.use('/api/*', noStoreApi());

  // Before anything reads a body, Better Auth included: 413 past the route's limit.
  app.use('/api/*', requestBodyLimit());
  // NUL characters (which PostgreSQL cannot store) in any URL or write body, one rule for all.
  app.use('/api/*', refuseNul());
  // Our own origin guard in front of Better Auth too: its check lets some writes (sign-out) through.
  app.use('/api/auth/*', sameOriginWrites(trustedOrigins(env.publicUrl), env.publicUrl));
  // Lengths of the auth bodies, which Better Auth does not bound.
  app.use('/api/auth/*', authInputGuard());
  // Password guessing: per account and per address, state in the database.
  app.use('/api/auth/*', clientAddress(env.trustProxy));
  app.use('/api/auth/*', credentialLimits({ auth, db: deps.database.db, secret: env.authSecret }));
  // A sign-out (any write here) must not be outlived by a remembered check of the same cookie.
  const sessionMemo = createSessionMemo(env.sessionCacheSeconds);
  app.use('/api/auth/*', async (c, next) => {
    if (c.req.method !== 'GET') sessionMemo?.forget(sessionMemoKey(c));
    await next();
  });
  if (sessionMemo) app.get('/api/auth/get-session', getSessionAnswer(auth, sessionMemo));
  app.on(['GET', 'POST'], '/api/auth/*', betterAuthHandler(auth));
  app.route('/api', systemRoutes(deps, working));
  mountTokenRoutes(app, deps);

  documentApi(app);

  const api = new OpenAPIHono<AppEnv>();
  guardApi(api, deps, sessionMemo);
  // Kept list answers go stale on any change to the user's meetings (the hub observes them for
  // every process) and on the end of their own writes here, which the notification may trail.
  const listCache = createMeetingListCache();
  deps.realtime.observe(listCache);
  // One meeting's answers also show its action items, and a signed audio URL that expires.
  const meetingCache = createMeetingListCache({
    tables: ['meetings', 'todos'],
    maxAgeMs: MEETING_ANSWER_MAX_AGE_MS,
  });
  deps.realtime.observe(meetingCache);
  api.use('*', async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method)) return;
    listCache.invalidate(c.var.userId);
    meetingCache.invalidate(c.var.userId);
  });
  // Before meetingRoutes: /meetings/upload must not be read as a meeting id.
  api.route('/meetings', recordingRoutes(deps));
  api.route('/meetings', meetingRoutes(deps, listCache, meetingCache));
  api.route('/meetings', meetingCalendarRoutes(deps));
  api.route('/meetings', meetingExportRoutes(deps));
  api.route('/meetings', meetingSeriesRoutes(deps));
  api.route('/meetings', meetingNotesRoutes(deps));
  api.route('/meetings', meetingTranscriptRoutes(deps)).route('/meetings', meetingLiveRoutes(deps));
  api.route('/', transcriptionRoutes(deps));
  api.route('/', textRoutes(deps)).route('/', shareRoutes(deps));
  api.route('/uploads', tusRoutes(deps));
  api.route('/todos', todoRoutes(deps));
  const linear = linearRouters(deps);
  api.route('/linear', linear.linear);
  api.route('/todos', linear.todos);
  api.route('/chats', chatRoutes(deps));
  api.route('/chat-messages', chatMessageRoutes(deps));
  api.route('/chat', chatAnswerRoutes(deps));
  api.route('/meeting-groups', meetingGroupRoutes(deps));
  api.route('/events', eventRoutes(deps));
  api.route('/google', googleRoutes(deps));
  api.route('/contacts', contactRoutes(deps));
  api.route('/voices', voiceRoutes(deps));
  api.route('/account', accountRoutes(deps));
  api.route('/api-keys', apiKeyRoutes(deps)).route('/admin', adminRoutes(deps));
  api.route('/webhooks', webhookRoutes(deps));
  api.route('/calendar', calendarRoutes(deps));
  api.route('/models', modelRoutes(deps));
  api.route('/integrations/apple-reminders', remindersRoutes(deps));
  api.route('/settings', settingsRoutes(deps));
  api.route('/search', searchRoutes(deps));
  app.route('/api', api);
  // Model Context Protocol clients, with a personal API key (mcp/mcp-route.ts).
  app.use('/mcp', requestBodyLimit());
  mountMcp(app, deps);
  // Prometheus metrics, without a session (METRICS_TOKEN or loopback), before the web app's fallback.
  app.route('/', metricsRoutes(env, deps));

  app.all('/api/*', () => {
    throw new NotFoundError('Route');
  });

  serveWebApp(app, env.webDir);
  return app;
}

/**
 * The data API's guards: writes from Summy's origin only, a session or an API key, and no
 * disabled or deleted account, whatever its session cookie cache still says.
 */
function guardApi(api: OpenAPIHono<AppEnv>, deps: AppDeps, sessionMemo?: SessionMemo): void {
  const { env, auth, database } = deps;
  api.use('*', sameOriginWrites(trustedOrigins(env.publicUrl), env.publicUrl));
  api.use('*', requireSession(auth, database.db, sessionMemo));
  api.use('*', refuseDisabledAccounts(database.db));
}

/**
 * Routes whose URL carries its own authorization, so no session is needed: signed storage URLs
 * (signature and expiry) and share links (a token), with no origin guard either (a password try
 * is all a write there can do); the share limits are per client address (services/shares).
 */
function mountTokenRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.route('/api/storage', storageRoutes(deps));
  app.use('/api/s/*', clientAddress(deps.env.trustProxy));
  app.route('/api/s', publicShareRoutes(deps));
}

// The built SPA: real files as they are, every other GET gets index.html so client routes work.
function serveWebApp(app: OpenAPIHono<AppEnv>, webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  const root = path.relative(process.cwd(), webDir) || '.';
  // Requests that reach this far are for the web app's files (every route is registered above):
  // their access lines go to debug (http/request-context.ts).
  app.use('/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') c.set('webFile', true);
    await next();
  });
  // Built before the server starts (`npm start` builds it first). Without it every GET answers the
  // 503 below; serveStatic would only print a console error about the missing folder.
  if (existsSync(webDir)) app.use('/*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm start`, which builds it first.', 503);
    }
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

/** The OpenAPI document at `/api/openapi.json`: the two ways to sign requests, and the API's terms. */
function documentApi(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API key (Settings > Account > API keys): `summy_…`',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Summy API',
      version: '0.1.0',
      description:
        'Owner-scoped data API. Every route except /api/health, /api/config and /api/auth/* needs a session cookie from Better Auth (/api/auth/sign-in/email) or a personal API key (`Authorization: Bearer summy_…`; a read key may only GET; /api/api-keys takes a session only). Errors are `{error, details}`.',
    },
    security: [{ session: [] }, { apiKey: [] }],
  });
}
