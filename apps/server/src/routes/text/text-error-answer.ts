/**
 * The HTTP side of the text workers: a text step's failure becomes the documented
 * `{error, details}` answer with the vendor's status.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../errors/app-errors.ts';
import { TextGenerationError } from '../../providers/llm/types.ts';

/**
 * Awaits a text worker; a `TextGenerationError` becomes an `AppError` with its message
 * ('Summary generation failed', …), details and status (429, 401, 502 or 504), which
 * `handleError` answers. Any other error passes unchanged.
 */
export async function answerTextError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof TextGenerationError) {
      throw new AppError(err.status as ContentfulStatusCode, err.message, err.details);
    }
    throw err;
  }
}
