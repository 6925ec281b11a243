/**
 * `npm run fake:google`: starts the Google fake on 127.0.0.1:FAKE_GOOGLE_PORT (default 4010) and
 * prints its accounts and the settings that point Summy at it. Runs until interrupted.
 */
import { portFromEnv } from '../loopback-http.ts';
import { DEFAULT_FAKE_GOOGLE_CLIENT, startFakeGoogle } from './server.ts';

const fake = await startFakeGoogle({ port: portFromEnv('FAKE_GOOGLE_PORT', 4010) });
const { clientId, clientSecret } = DEFAULT_FAKE_GOOGLE_CLIENT;
console.log(`Google fake listening on ${fake.url} (127.0.0.1 only)

Seeded accounts (the sign-in page lists them; a login_hint naming one skips the picker):
${fake.accounts.map((a) => `  ${a.email.padEnd(32)} ${a.name}${a.hd ? ` (Workspace ${a.hd})` : ' (consumer)'}`).join('\n')}

Settings that point Summy at it (start Summy with these; sign-in, linked accounts and tokens
then go to this fake):
  GOOGLE_BASE_URL=${fake.url} GOOGLE_CLIENT_ID=${clientId} GOOGLE_CLIENT_SECRET=${clientSecret}

Discovery: ${fake.url}/.well-known/openid-configuration
Press Ctrl+C to stop.`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
