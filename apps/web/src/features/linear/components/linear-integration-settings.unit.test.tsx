/**
 * Settings > Integrations, the Linear block on a server without Linear: a plain sentence for the
 * person, no setting names, no Connect button. Rendered to static markup with the status cached.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linearStatusQueryKey } from '../api/get-linear-status';
import { LinearIntegrationSettings } from './linear-integration-settings';

describe('LinearIntegrationSettings', () => {
  it('says Linear is not set up and to ask the administrator, with no operator detail', () => {
    const client = new QueryClient();
    client.setQueryData(linearStatusQueryKey, { connected: false, configured: false });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <LinearIntegrationSettings />
      </QueryClientProvider>,
    );
    expect(html).toContain('Not set up on this server. Ask its administrator.');
    expect(html).not.toMatch(/OAuth settings|LINEAR_CLIENT|docs\//);
    expect(html).not.toContain('Connect Linear');
  });
});
