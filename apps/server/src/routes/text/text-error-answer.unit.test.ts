import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-errors.ts';
import { TextGenerationError } from '../../providers/llm/types.ts';
import { answerTextError } from './text-error-answer.ts';

describe('text worker answers', () => {
  it("answers a text step's failure with its message, details and the vendor's status", async () => {
    const limited = new TextGenerationError('summary', 'failed', 'rate limited', 429);
    const answer = await answerTextError(Promise.reject(limited)).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer).toMatchObject({
      status: 429,
      message: 'Summary generation failed',
      details: 'rate limited',
    });
  });

  it('passes a result and any other error through unchanged', async () => {
    expect(await answerTextError(Promise.resolve({ summary: 's' }))).toEqual({ summary: 's' });
    const other = new Error('disk full');
    await expect(answerTextError(Promise.reject(other))).rejects.toBe(other);
  });
});
