import { describe, expect, it } from 'vitest';
import { readApiError } from './errors.ts';

describe('readApiError (defaults Server error / HTTP {status})', () => {
  it('keeps error and string details', () => {
    expect(readApiError({ error: 'User not authenticated', details: 'Sign in' }, 401)).toEqual({
      error: 'User not authenticated',
      details: 'Sign in',
    });
  });
  it('defaults both when the body is not the error shape', () => {
    expect(readApiError('<html>', 502)).toEqual({ error: 'Server error', details: 'HTTP 502' });
    expect(readApiError({ error: '' }, 500)).toEqual({
      error: 'Server error',
      details: 'HTTP 500',
    });
  });
  it('serializes structured details', () => {
    expect(
      readApiError({ error: 'Invalid request', details: [{ path: 'title' }] }, 400).details,
    ).toBe('[{"path":"title"}]');
  });
});
