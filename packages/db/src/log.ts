/**
 * Where the database client reports connection trouble (a dead idle connection, the LISTEN
 * connection lost and reopened). The server hands it its JSON logger (`setDatabaseLog`), so these
 * lines carry the request or job context like its own; a tool without one gets plain text on
 * stderr.
 */
import { format } from 'node:util';

/** The two levels the client uses, in pino's `(fields, message)` form. */
export interface DatabaseLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

const plain = (fields: Record<string, unknown>, message: string) =>
  console.warn(format('[db] %s %o', message, fields));

let current: DatabaseLog = { warn: plain, info: plain };

/** Sends the database client's log lines to `log` from now on (every database of this process). */
export function setDatabaseLog(log: DatabaseLog): void {
  current = log;
}

/** The database client's log: whatever `setDatabaseLog` set last. */
export const dbLog: DatabaseLog = {
  warn: (fields, message) => current.warn(fields, message),
  info: (fields, message) => current.info(fields, message),
};
