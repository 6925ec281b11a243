/**
 * The API's error body: `error` is the message a person reads, `details` says more. Clients default
 * them to 'Server error' and 'HTTP {status}'.
 */
import { z } from './zod.ts';

/** `{error, details}` as every failing API route answers it. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});

/** An error body as parsed by a client. */
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Fixed messages (docs/product.md#errors-and-messages). */
export const MESSAGES = {
  notAuthenticated: 'User not authenticated',
  notFound: 'Not found',
  serverError: 'Server error',
  invalidRequest: 'Invalid request',
} as const;

/**
 * Reads an error body the way the documented client does: missing fields default to
 * 'Server error' and 'HTTP {status}'.
 */
export function readApiError(body: unknown, status: number): { error: string; details: string } {
  const parsed = apiErrorSchema.safeParse(body);
  const error = parsed.success && parsed.data.error ? parsed.data.error : MESSAGES.serverError;
  const raw = parsed.success ? parsed.data.details : undefined;
  const details =
    typeof raw === 'string' && raw
      ? raw
      : raw !== undefined
        ? JSON.stringify(raw)
        : `HTTP ${status}`;
  return { error, details };
}
