import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { setupNotes } from './setup-notes.ts';

const base = { DATA_DIR: '/tmp/summy-setup-notes', AUTH_SECRET: 'x'.repeat(32) };

describe('setupNotes', () => {
  it('tells the operator which settings turn Google, Linear and a language model on', () => {
    const notes = setupNotes(loadEnv(base));
    expect(notes).toHaveLength(3);
    const [google, linear, model] = notes as [string, string, string];
    expect(google).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(google).toContain('http://localhost:3000/api/auth/callback/google');
    expect(linear).toContain('LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET');
    expect(linear).toContain('http://localhost:3000/linear/callback');
    expect(model).toContain(
      'ANTHROPIC_API_KEY, or OPENAI_API_KEY, or OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL',
    );
    for (const note of notes) expect(note).toContain('docs/self-hosting.md');
  });

  it('says nothing of what is set up', () => {
    const env = loadEnv({
      ...base,
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      LINEAR_CLIENT_ID: 'lin',
      LINEAR_CLIENT_SECRET: 'lin-secret',
      OPENAI_API_KEY: 'sk-test',
    });
    expect(setupNotes(env)).toEqual([]);
  });
});
