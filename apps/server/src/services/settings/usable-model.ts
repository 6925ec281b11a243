/**
 * Checks an AI model preference a request names (`PUT /api/settings/ai`, `POST
 * /api/meetings/:id/summary`) against the choices this server offers.
 */
import type { Env } from '../../env.ts';
import { ValidationError } from '../../errors/app-errors.ts';
import { aiModelChoices } from '../../providers/llm/catalog.ts';
import type { LocalTextEnv } from '../../providers/llm/local/provider.ts';

/**
 * Passes 'auto' and every available choice of `aiModelChoices`.
 * @param field the body field, named in the error's details
 * @throws ValidationError 400 `{error: 'Invalid request', details: [{path, message}]}` for a value
 *   that is no choice of this server ('Unknown model ...'), or a choice whose provider is not
 *   configured here (the message is its reason: 'OPENAI_API_KEY is not set on this server')
 */
export function assertUsableModel(
  env: Pick<Env, 'settings'> & LocalTextEnv,
  value: string,
  field: string,
): void {
  const choice = aiModelChoices(env.settings, env).find((c) => c.value === value);
  if (!choice) {
    throw new ValidationError([
      { path: field, message: `Unknown model '${value}': expected 'auto' or a listed model` },
    ]);
  }
  if (!choice.available) {
    throw new ValidationError([
      { path: field, message: choice.reason ?? `${choice.label} is not available on this server` },
    ]);
  }
}
