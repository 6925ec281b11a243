/**
 * Every setting the server reads is documented where an operator looks for it: `.env.example`,
 * the README's settings table and docs/self-hosting.md. The names come from the code itself (the
 * env schema and the provider catalogs), so a new setting without docs fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SETTING_NAMES } from './env.ts';
import { TEXT_PROVIDERS } from './providers/llm/catalog.ts';
import { STT_GENERAL_SETTINGS, STT_PROVIDERS } from './providers/stt/catalog.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const SETTINGS = [
  ...new Set([
    ...ENV_SETTING_NAMES,
    ...STT_GENERAL_SETTINGS.map((s) => s.name),
    ...STT_PROVIDERS.flatMap((p) => p.settings.map((s) => s.name)),
    ...TEXT_PROVIDERS.flatMap((p) => p.settings.map((s) => s.name)),
  ]),
].sort();

/** The settings `text` never names as a whole word. */
const missingIn = (file: string) => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return SETTINGS.filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
};

describe('settings documentation', () => {
  it('reads the settings from the code', () => {
    expect(SETTINGS).toEqual(
      expect.arrayContaining([
        'PORT',
        'LINEAR_CLIENT_ID',
        'CALDAV_ALLOW_PRIVATE_HOSTS',
        'STT_PROVIDER',
        'OPENAI_STT_MODEL',
        'ANTHROPIC_API_KEY',
        'OPENAI_COMPATIBLE_MODEL',
      ]),
    );
  });

  it.each(['.env.example', 'README.md', 'docs/self-hosting.md'])(
    '%s lists every setting',
    (file) => {
      expect(missingIn(file)).toEqual([]);
    },
  );
});
