/** The generated auth secret of a server without AUTH_SECRET (`loadEnv`). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Zero-configuration start needs a stable secret: generate it once and keep it with the data,
// so sessions survive a restart.
/** The secret kept in `dataDir/auth-secret`, generated (and saved when `save`) on first use. */
export function persistedSecret(
  dataDir: string,
  save: boolean,
): { authSecret: string; authSecretFrom: 'file' | 'unsaved' } {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file))
    return { authSecret: readFileSync(file, 'utf8').trim(), authSecretFrom: 'file' };
  const secret = randomBytes(32).toString('base64url');
  if (!save) return { authSecret: secret, authSecretFrom: 'unsaved' };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return { authSecret: secret, authSecretFrom: 'file' };
}
