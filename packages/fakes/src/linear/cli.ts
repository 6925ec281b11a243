/**
 * `npm run fake:linear`: starts the Linear fake on 127.0.0.1:FAKE_LINEAR_PORT (default 4013) and
 * prints its users and the settings that point Summy at it. Runs until interrupted.
 */
import { portFromEnv } from '../loopback-http.ts';
import { DEFAULT_FAKE_LINEAR_CLIENT } from './oauth-routes.ts';
import { startFakeLinear } from './server.ts';

const fake = await startFakeLinear({ port: portFromEnv('FAKE_LINEAR_PORT', 4013) });
const { clientId, clientSecret } = DEFAULT_FAKE_LINEAR_CLIENT;
console.log(`Linear fake listening on ${fake.url} (127.0.0.1 only)

Workspace users (the authorize page offers one button each):
${fake.users.map((u) => `  ${u.email.padEnd(24)} ${u.name}`).join('\n')}
Teams: ${fake.teams.map((t) => `${t.name} (${t.key})`).join(', ')}

Settings that point Summy at it (start Summy with these, then connect Linear in Settings,
Integrations):
  LINEAR_BASE_URL=${fake.url} LINEAR_CLIENT_ID=${clientId} LINEAR_CLIENT_SECRET=${clientSecret}

Press Ctrl+C to stop.`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
