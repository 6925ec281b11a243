/**
 * `POST /api/linear/token`: the /linear/callback popup hands Linear's code and the state back to
 * the server, which checks the state, exchanges the code and keeps the tokens, encrypted. The
 * answer never carries a token.
 */
import { linearTokenAnswerSchema, type LinearTokenAnswer } from '@summy/core';
import { apiFetch } from '@/lib/api-client';

/** Exchanges the code. Throws `ApiRequestError` (wrong state, refused code, no session). */
export function exchangeLinearCode(code: string, state: string): Promise<LinearTokenAnswer> {
  return apiFetch('/linear/token', linearTokenAnswerSchema, {
    method: 'POST',
    json: { code, state },
  });
}
