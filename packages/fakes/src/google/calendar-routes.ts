/** The Google fake's Calendar API v3 route: `events.list` on an account's primary calendar. */
import type { Hono } from 'hono';
import {
  apiError,
  bearerChecks,
  pageToken,
  queryKey,
  readPageToken,
  UNAUTHENTICATED,
  type FakeGoogleState,
} from './api.ts';
import { listEvents, type ListFilter } from './calendar.ts';
import { isTimeZone } from './time.ts';

/** Registers `GET /calendar/v3/calendars/{calendarId}/events` on `app`. */
export function registerCalendarRoutes(app: Hono, state: FakeGoogleState): void {
  const { now, syncTokens } = state;
  const { accountBySub, bearer, hasScope, insufficient } = bearerChecks(state);

  app.get('/calendar/v3/calendars/:calendarId/events', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (
      !hasScope(grant.scopes, [
        'calendar',
        'calendar.readonly',
        'calendar.events',
        'calendar.events.readonly',
      ])
    )
      return insufficient(c);
    const owner = accountBySub(grant.sub)!;
    const calendarId = decodeURIComponent(c.req.param('calendarId'));
    if (calendarId !== 'primary' && calendarId !== owner.account.email)
      return apiError(c, 404, 'Not Found', 'notFound');
    const q = c.req.query();
    const invalid = (what: string) => apiError(c, 400, `Invalid value for: ${what}`, 'invalid');

    const maxResults = q.maxResults === undefined ? 250 : Number(q.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1) return invalid('maxResults');
    const singleEvents = q.singleEvents === 'true';
    if (q.orderBy && q.orderBy !== 'startTime' && q.orderBy !== 'updated')
      return invalid('orderBy');
    if (q.orderBy === 'startTime' && !singleEvents) {
      return apiError(
        c,
        400,
        'The requested ordering is not available for the particular query.',
        'badRequest',
      );
    }
    if (q.timeZone && !isTimeZone(q.timeZone)) return invalid('timeZone');
    const timeMin = q.timeMin === undefined ? -Infinity : Date.parse(q.timeMin);
    const timeMax = q.timeMax === undefined ? Infinity : Date.parse(q.timeMax);
    if (Number.isNaN(timeMin)) return invalid('timeMin');
    if (Number.isNaN(timeMax)) return invalid('timeMax');
    if (timeMin >= timeMax)
      return apiError(c, 400, 'The specified time range is empty.', 'timeRangeEmpty');

    let sinceVersion: number | undefined;
    if (q.syncToken !== undefined) {
      for (const p of ['timeMin', 'timeMax', 'orderBy', 'q', 'updatedMin', 'iCalUID']) {
        if (q[p] !== undefined)
          return apiError(c, 400, `${p} cannot be used with syncToken.`, 'invalid');
      }
      const sync = syncTokens.get(q.syncToken);
      if (!sync || sync.email !== owner.account.email) {
        return apiError(
          c,
          410,
          'Sync token is no longer valid, a full sync is required.',
          'fullSyncRequired',
        );
      }
      sinceVersion = sync.version;
    }
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return invalid('pageToken');

    const filter: ListFilter = {
      fromMs: timeMin,
      toMs: timeMax,
      singleEvents,
      ...(q.orderBy ? { orderBy: q.orderBy as 'startTime' | 'updated' } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(sinceVersion !== undefined ? { sinceVersion } : {}),
    };
    const outTz = q.timeZone ?? owner.account.timeZone;
    const all = listEvents(
      owner.events,
      owner.account.timeZone,
      owner.account.email,
      filter,
      outTz,
      state.origin,
    );
    // Calendar never sends more than 2,500 events in one page, whatever maxResults says.
    const size = Math.min(maxResults, 2500);
    const items = all.slice(offset, offset + size);
    const last = offset + size >= all.length;
    let nextSyncToken: string | undefined;
    if (last) {
      nextSyncToken = `CPfake${Buffer.from(`${owner.account.sub}:${state.version}:${syncTokens.size}`).toString('base64url')}`;
      syncTokens.set(nextSyncToken, { email: owner.account.email, version: state.version });
    }
    return c.json({
      kind: 'calendar#events',
      etag: `"p${state.version}"`,
      summary: owner.account.email,
      description: '',
      updated: new Date(now().getTime()).toISOString(),
      timeZone: owner.account.timeZone,
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(last ? { nextSyncToken } : { nextPageToken: pageToken(offset + size, key) }),
      items,
    });
  });
}
