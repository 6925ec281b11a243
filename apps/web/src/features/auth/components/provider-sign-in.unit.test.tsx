/**
 * The provider buttons of the sign-in screen as HTML: each shows only when the server offers it
 * (`GET /api/config`), the OpenID Connect one with the server's label; and the sentences of
 * refusals sent back without a description of their own.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oauthErrorMessage, UNEXPECTED_ERROR } from './auth-error';
import { ProviderSignIn, type OfferedProviders } from './provider-sign-in';

const render = (offered: OfferedProviders, pending: 'google' | 'oidc' | null = null) =>
  renderToStaticMarkup(<ProviderSignIn offered={offered} pending={pending} onStart={() => {}} />);

describe('ProviderSignIn', () => {
  it('shows nothing, not even the divider, when the server offers no provider', () => {
    expect(render({ google: false, oidcLabel: null })).toBe('');
  });

  it('shows the OpenID Connect button with the configured label only when configured', () => {
    const html = render({ google: false, oidcLabel: 'Continue with Authentik' });
    expect(html).toContain('Continue with Authentik');
    expect(html).not.toContain('Continue with Google');
    expect(html).toContain('or continue with email');
    expect(render({ google: true, oidcLabel: null })).not.toContain('Authentik');
  });

  it('shows both, each busy or disabled while one redirects', () => {
    const html = render({ google: true, oidcLabel: 'Continue with Keycloak' }, 'oidc');
    expect(html).toContain('Continue with Google');
    expect(html).toContain('Continue with Keycloak');
    expect(html).toContain('Redirecting to your identity provider');
    expect(html.match(/disabled=""/g)).toHaveLength(2);
  });
});

describe('oauthErrorMessage', () => {
  it("prefers the server's sentence, then one for a known code, then the generic one", () => {
    expect(oauthErrorMessage('OIDC_EMAIL_NOT_VERIFIED', 'Verify it there.')).toBe(
      'Verify it there.',
    );
    expect(oauthErrorMessage('account_not_linked', null)).toMatch(/Sign in with your password/);
    expect(oauthErrorMessage('unable_to_get_user_info', null)).toMatch(
      /did not confirm who you are/,
    );
    expect(oauthErrorMessage('something_else', null)).toBe(UNEXPECTED_ERROR);
    expect(oauthErrorMessage(null, null)).toBeNull();
  });
});
