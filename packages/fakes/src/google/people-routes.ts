/** The Google fake's People API v1 routes, and the avatars its `photos[].url` point at. */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import {
  apiError,
  bearerChecks,
  pageToken,
  queryKey,
  readPageToken,
  UNAUTHENTICATED,
  type FakeGoogleState,
} from './api.ts';
import type { FakePerson } from './types.ts';

/** Registers the People routes and `GET /fake/photos/{file}` on `app`. */
export function registerPeopleRoutes(app: Hono, state: FakeGoogleState): void {
  const { directories } = state;
  const { accountBySub, bearer, hasScope, insufficient } = bearerChecks(state);

  // ---- People ----
  const peopleError = (c: Context, message: string) =>
    apiError(c, 400, message, 'badRequest', 'INVALID_ARGUMENT');
  const mask = (person: FakePerson, fields: string) => {
    const wanted = fields.split(',').map((f) => f.trim().replace(/^person\./, ''));
    const out: Record<string, unknown> = { resourceName: person.resourceName, etag: person.etag };
    for (const f of ['names', 'emailAddresses', 'photos'] as const) {
      if (wanted.includes(f) && person[f]) out[f] = person[f];
    }
    return out;
  };
  const matches = (person: FakePerson, query: string) => {
    const q = query.toLowerCase();
    const words = [
      ...(person.names ?? []).flatMap((n) => [
        n.displayName,
        n.givenName,
        n.familyName,
        ...n.displayName.split(' '),
      ]),
      ...(person.emailAddresses ?? []).map((e) => e.value),
    ];
    // Google's people search is prefix matching on names and e-mail addresses.
    return words.some((w) => w?.toLowerCase().startsWith(q));
  };
  const pageSizeOf = (raw: string | undefined, fallback: number, max: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
  };

  app.get('/v1/people/me/connections', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['contacts', 'contacts.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.personFields) {
      return peopleError(
        c,
        'personFields mask is required. Please specify one or more valid paths. Valid paths are documented at https://developers.google.com/people/api/rest/v1/people/get.',
      );
    }
    const size = pageSizeOf(q.pageSize, 100, 1000);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 1000.');
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return peopleError(c, 'Page token is not valid.');
    const contacts = accountBySub(grant.sub)!.contacts;
    const page = contacts.slice(offset, offset + size);
    return c.json({
      ...(page.length ? { connections: page.map((p) => mask(p, q.personFields!)) } : {}),
      ...(offset + size < contacts.length ? { nextPageToken: pageToken(offset + size, key) } : {}),
      totalPeople: contacts.length,
      totalItems: contacts.length,
    });
  });

  app.get('/v1/people:searchContacts', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['contacts', 'contacts.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.readMask) return peopleError(c, 'Request must set readMask.');
    const size = pageSizeOf(q.pageSize, 10, 30);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 30.');
    const found = q.query
      ? accountBySub(grant.sub)!.contacts.filter((p) => matches(p, q.query!))
      : [];
    // Empty answers are `{}`: Google leaves out empty lists.
    return c.json(
      found.length
        ? { results: found.slice(0, size).map((p) => ({ person: mask(p, q.readMask!) })) }
        : {},
    );
  });

  app.get('/v1/people:searchDirectoryPeople', (c) => {
    const grant = bearer(c);
    if (!grant) return apiError(c, 401, UNAUTHENTICATED, 'authError', 'UNAUTHENTICATED');
    if (!hasScope(grant.scopes, ['directory.readonly'])) return insufficient(c);
    const q = c.req.query();
    if (!q.readMask) return peopleError(c, 'Request must set readMask.');
    if (!c.req.queries('sources')?.length) return peopleError(c, 'Request must set sources.');
    const size = pageSizeOf(q.pageSize, 100, 500);
    if (size === null) return peopleError(c, 'Invalid pageSize: must be between 1 and 500.');
    const key = queryKey(c, ['pageToken']);
    const offset = readPageToken(q.pageToken, key);
    if (offset === null) return peopleError(c, 'Page token is not valid.');
    const { hd } = accountBySub(grant.sub)!.account;
    // Consumer accounts have no directory: Google answers them with nothing.
    const found = (hd ? (directories.get(hd) ?? []) : []).filter(
      (p) => !q.query || matches(p, q.query),
    );
    const page = found.slice(offset, offset + size);
    return c.json({
      ...(page.length ? { people: page.map((p) => mask(p, q.readMask!)) } : {}),
      ...(offset + size < found.length ? { nextPageToken: pageToken(offset + size, key) } : {}),
      ...(found.length ? { totalSize: found.length } : {}),
    });
  });

  app.get('/fake/photos/:file', (c) => {
    const hue =
      parseInt(createHash('sha1').update(c.req.param('file')).digest('hex').slice(0, 4), 16) % 360;
    c.header('Content-Type', 'image/svg+xml');
    return c.body(
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 55%)"/></svg>`,
    );
  });
}
