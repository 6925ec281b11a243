/**
 * The reference of bench/memory: a Node process that only opens PGlite on a data folder with
 * PGlite's default settings, as a program that adopts PGlite without tuning would.
 * `node bare-pglite.mjs <pglite entry file> <data dir> [postgresql.conf lines as JSON]` prints
 * `ready` once the database is open, then idles until SIGTERM. PGlite is loaded from the path
 * given, so this file is bundled alone and PGlite finds its own wasm and data files.
 */
import { pathToFileURL } from 'node:url';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';

const [entry, dir, conf] = process.argv.slice(2);
if (!entry || !dir) {
  console.error('usage: bare-pglite.mjs <pglite entry> <data dir> [conf JSON]');
  process.exit(2);
}
const { PGlite } = (await import(pathToFileURL(entry).href)) as { PGlite: typeof PGliteClass };
const options = conf ? { postgresqlconf: JSON.parse(conf) as string[] } : {};
const pg = new PGlite(dir, options);
await pg.waitReady;
console.log('ready');
const keepAlive = setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => {
  clearInterval(keepAlive);
  void pg.close().then(() => process.exit(0));
});
