/**
 * `npm run fake:radicale`: starts Radicale (Debian's `radicale`) on 127.0.0.1:FAKE_RADICALE_PORT
 * (default 4014) with a temporary storage folder and the seeded lists, and prints how to connect
 * Summy to it. Runs until interrupted; the storage is removed on exit.
 */
import { SEEDED_LISTS, startRadicale } from './index.ts';

const port = Number(process.env.FAKE_RADICALE_PORT ?? 4014);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`FAKE_RADICALE_PORT must be a port number, got ${process.env.FAKE_RADICALE_PORT}`);
  process.exit(1);
}
const radicale = await startRadicale({ port });
console.log(`Radicale (CalDAV) listening on ${radicale.url} (127.0.0.1 only)

User ${radicale.username}, password ${radicale.password}. Lists:
${SEEDED_LISTS.map((l) => `  ${l.name.padEnd(10)} ${l.component === 'VTODO' ? `${l.todos.length} to-dos` : 'events only (not a reminder list)'}`).join('\n')}

Start Summy with CALDAV_ALLOW_PRIVATE_HOSTS=true, then in Settings, Integrations connect Apple
Reminders with server 'Other' and URL ${radicale.url}.
Press Ctrl+C to stop.`);

const stop = () => void radicale.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
