/**
 * The API key list: creation to the day, last use to the minute (the server records it to the
 * minute, and a key used twice today must tell which use was last). The keys come from a mocked
 * query hook; rendered to static markup.
 */
import type { ApiKey } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiKeysSettings } from './api-keys-settings';

const keys = vi.hoisted(() => ({ data: [] as ApiKey[] }));

vi.mock('../api/get-api-keys', () => ({
  useApiKeys: () => ({ data: keys.data, isPending: false, isError: false }),
}));
vi.mock('../api/create-api-key', () => ({
  useCreateApiKey: () => ({ mutate: () => undefined, isPending: false }),
}));
vi.mock('../api/revoke-api-key', () => ({
  useRevokeApiKey: () => ({ mutate: () => undefined, isPending: false }),
}));

const key = (lastUsedAt: Date | null): ApiKey => ({
  id: '6f1d3c2a-0000-4000-8000-000000000001',
  name: 'Claude Desktop',
  scope: 'read',
  prefix: 'summy_AbCdEf',
  createdAt: new Date(2026, 10, 30, 16, 42).toISOString(),
  lastUsedAt: lastUsedAt?.toISOString() ?? null,
});

describe('ApiKeysSettings', () => {
  it('shows the last use to the minute, local time, and the creation to the day', () => {
    keys.data = [key(new Date(2026, 11, 7, 8, 5))];
    const html = renderToStaticMarkup(<ApiKeysSettings />);
    expect(html).toContain('created Nov 30, 2026 · last used Dec 7, 2026, 8:05 AM');
  });

  it('says never used for a key without requests', () => {
    keys.data = [key(null)];
    expect(renderToStaticMarkup(<ApiKeysSettings />)).toContain('never used');
  });
});
