/**
 * What an operator may want to switch on, said once in the server's start-up log. People using
 * Summy only read that a feature is not set up and to ask the administrator; the settings, the
 * redirect URIs and the docs are for whoever runs the server, and live here and in
 * docs/self-hosting.md.
 */
import type { Env } from './env.ts';
import { configuredTextProviders, TEXT_PROVIDERS } from './providers/llm/catalog.ts';

/** The required settings of each text provider, as 'A', 'B and C' (from the provider catalog). */
function textModelSettings(): string {
  const sets = TEXT_PROVIDERS.map((p) =>
    p.settings.filter((s) => s.required).map((s) => s.name),
  ).filter((names) => names.length > 0);
  return sets.map((names) => names.join(' and ')).join(', or ');
}

/**
 * One line per feature this server has not set up, each naming the settings that turn it on:
 * Google (sign-in, calendar, contacts), Linear, and a language model. Empty when all are set up.
 */
export function setupNotes(
  env: Pick<
    Env,
    'google' | 'linear' | 'settings' | 'publicUrl' | 'modelsDir' | 'modelsCatalogFile'
  >,
): string[] {
  const notes: string[] = [];
  const docs = 'see docs/self-hosting.md';
  if (!env.google) {
    notes.push(
      `Google sign-in, calendar and contacts are off; people are told to ask you. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (redirect URI ${env.publicUrl}/api/auth/callback/google) and restart; ${docs}.`,
    );
  }
  if (!env.linear) {
    notes.push(
      `Linear is off. Set LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET (callback URL ${env.publicUrl}/linear/callback) and restart; ${docs}.`,
    );
  }
  if (configuredTextProviders(env.settings, env)[0]?.id === 'offline') {
    notes.push(
      `No language model is configured: summaries come from the built-in offline model and the assistant only quotes passages; people are told to ask you. Download a notes model (Settings > Transcription, or 'npm run summy -- models pull qwen3-1.7b-q4_k_m'), or set ${textModelSettings()} and restart; ${docs}.`,
    );
  }
  return notes;
}
