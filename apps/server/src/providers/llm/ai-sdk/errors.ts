/**
 * Maps AI SDK failures to `TextGenerationError` with the documented messages: 429 → status 429 'Too
 * many requests. Please try again later.', 401/403 → 401, no or empty answer → the step's 'empty'
 * message, the local engine's errors → the step's 'failed' message with the engine's words (a dead
 * worker marked for a retry), anything else → the step's 'failed' message (502, or 504 on a
 * time-out). Retries (the AI SDK's, on 429 and 5xx) have already happened when this runs.
 */
import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError } from 'ai';
import { LocalLlmError } from '../local/engine.ts';
import { TextGenerationError, type TextGenerationStep } from '../types.ts';
import { log } from '../../../log.ts';

/** Details of a 429, in the documented words. */
export const RATE_LIMIT_DETAILS = 'Too many requests. Please try again later.';

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** The `TextGenerationError` for a failure of `step`. Logs unexpected errors. */
export function toTextGenerationError(step: TextGenerationStep, err: unknown): TextGenerationError {
  if (err instanceof TextGenerationError) return err;
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 429) return new TextGenerationError(step, 'failed', RATE_LIMIT_DETAILS, 429);
    if (status === 401 || status === 403) {
      return new TextGenerationError(step, 'failed', 'The AI provider rejected the API key', 401);
    }
    if (status === undefined) {
      return new TextGenerationError(step, 'failed', 'Could not reach the AI provider', 502);
    }
    return new TextGenerationError(step, 'failed', `The AI provider answered HTTP ${status}`, 502);
  }
  if (NoObjectGeneratedError.isInstance(cause) || NoOutputGeneratedError.isInstance(cause)) {
    const text = NoObjectGeneratedError.isInstance(cause) ? cause.text : undefined;
    return text?.trim()
      ? new TextGenerationError(step, 'failed', 'The AI provider answered in an unexpected format')
      : new TextGenerationError(step, 'empty', 'The AI provider returned no answer');
  }
  if (cause instanceof LocalLlmError) {
    // The engine's own words say what happened ('The local language model's answer was cut off
    // at 1,536 tokens before its JSON was complete'); a dead worker is worth a retry.
    return new TextGenerationError(step, 'failed', cause.message, 502, cause.kind === 'crashed');
  }
  if (isTimeout(cause)) {
    return new TextGenerationError(step, 'failed', 'The AI provider did not answer in time', 504);
  }
  log.error({ err: cause, step }, '[llm] step failed');
  return new TextGenerationError(step, 'failed', 'The AI provider failed');
}
