/** The HTML pages of the Google fake's authorize endpoint. */
import { escapeHtml } from '../serve-hono.ts';
import type { FakeGoogleAccount } from './types.ts';

/** A bare HTML error page, as Google shows for a bad authorize request. */
export function errorPage(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`;
}

/** The account picker: one submit button per account, named by its e-mail (what a browser test clicks). */
export function pickerPage(params: Record<string, string>, accounts: FakeGoogleAccount[]): string {
  const hidden = Object.entries(params)
    .filter(([k]) => k !== 'account')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = accounts
    .map(
      (a) =>
        `<li><button type="submit" name="account" value="${escapeHtml(a.email)}" aria-label="${escapeHtml(a.email)}"><strong>${escapeHtml(a.name)}</strong><br>${escapeHtml(a.email)}</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (fake)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto}ul{list-style:none;padding:0}button{width:100%;text-align:left;padding:.75rem;margin:.25rem 0;cursor:pointer}</style>
</head><body><main><h1>Choose an account</h1><p>to continue to ${escapeHtml(params.client_id ?? '')} (local Google fake)</p>
<form method="post" action="/o/oauth2/v2/auth">${hidden}<ul>${buttons}</ul>
<button type="submit" name="account" value="cancel">Cancel</button></form></main></body></html>`;
}
