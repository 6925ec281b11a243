/**
 * The server's lint layers (eslint.config.js) hold every folder of apps/server/src: a file in
 * metrics/, mcp/, net/, crypto/ or an env-*.ts settings file may not import a layer above its
 * own, and no integration imports another. Lints source text under a real path, in process.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repo });

/** The messages of the import rules for `code` written at `file` (under apps/server/src). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(repo, 'apps/server/src', file),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

const use = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('server lint layers', () => {
  it('refuses an integration importing another integration, and allows the shared net/', async () => {
    expect(await importErrors('integrations/linear/a.ts', use('../google/tokens.ts'))).toEqual([
      expect.stringContaining('does not import another integration'),
    ]);
    expect(
      await importErrors('integrations/caldav/a.ts', use('../../integrations/webhooks/x.ts')),
    ).toHaveLength(1);
    expect(await importErrors('integrations/caldav/a.ts', use('./vtodo.ts'))).toEqual([]);
    expect(
      await importErrors('integrations/caldav/a.ts', use('../../net/pinned-fetch.ts')),
    ).toEqual([]);
    expect(
      await importErrors('integrations/webhooks/a.ts', use('../../crypto/token-crypto.ts')),
    ).toEqual([]);
  });

  it('keeps an integration in its layer under the integration rule', async () => {
    expect(
      await importErrors('integrations/google/a.ts', use('../../services/google/x.ts')),
    ).toEqual([expect.stringContaining('providers and integrations layer')]);
  });

  it('places metrics/, mcp/, net/, crypto/ and the env-*.ts files in layers', async () => {
    const above = [
      ['metrics/stt.ts', '../services/transcription/x.ts'],
      ['metrics/routes.ts', '../app.ts'],
      ['mcp/mcp-server.ts', '../server.ts'],
      ['net/pinned-fetch.ts', '../integrations/caldav/client.ts'],
      ['crypto/token-crypto.ts', '../services/webhooks/x.ts'],
      ['env-providers.ts', './providers/llm/catalog.ts'],
    ];
    for (const [file, specifier] of above)
      expect(await importErrors(file!, use(specifier!)), file).toHaveLength(1);
    // live/ (the live transcript's pipeline pieces) sits with audio/, below the services.
    expect(await importErrors('live/decoder.ts', use('../services/live/x.ts'))).toHaveLength(1);
    expect(await importErrors('live/decoder.ts', use('../audio/speech-detector.ts'))).toEqual([]);
    // Downwards is allowed: mcp/ calls services, metrics/ instruments the model downloads.
    expect(await importErrors('mcp/mcp-server.ts', use('../services/todos/x.ts'))).toEqual([]);
    expect(await importErrors('metrics/models.ts', use('../models/errors.ts'))).toEqual([]);
  });
});
