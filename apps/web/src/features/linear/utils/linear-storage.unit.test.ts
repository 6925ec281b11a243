/** The return URL after Linear's OAuth is only ever a same-site path (no open redirect). */
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './linear-storage';

describe('safeReturnPath', () => {
  it('keeps paths with their search and hash', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/todos')).toBe('/todos');
    expect(safeReturnPath('/todos?tab=integrations#linear')).toBe('/todos?tab=integrations#linear');
  });

  it('refuses other origins, protocol-relative and backslash tricks, and nothing', () => {
    for (const value of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'todos',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});
