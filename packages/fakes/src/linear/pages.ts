/** The Linear fake's HTML pages: a plain titled page and the OAuth consent page. */
import { escapeHtml } from '../serve-hono.ts';
import type { FakeLinearUser } from './seed.ts';

/** A plain page with a title and one paragraph (errors, issue links). */
export function page(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
}

/** The consent page: one submit button per workspace user (what a browser test clicks). */
export function consentPage(
  params: Record<string, string>,
  users: FakeLinearUser[],
  scopes: string[],
): string {
  const hidden = Object.entries(params)
    .filter(([k]) => k !== 'user')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = users
    .map(
      (u) =>
        `<li><button type="submit" name="user" value="${escapeHtml(u.id)}">Authorize as ${escapeHtml(u.name)}</button> <small>${escapeHtml(u.email)}</small></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application - Linear (fake)</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:4rem auto}ul{list-style:none;padding:0}li{margin:.5rem 0}button{padding:.6rem 1rem;cursor:pointer}</style>
</head><body><main><h1>Authorize ${escapeHtml(params.client_id ?? '')}</h1>
<p>This application (local Linear fake) asks for: ${scopes.map(escapeHtml).join(', ')}</p>
<form method="post" action="/oauth/authorize">${hidden}<ul>${buttons}</ul>
<button type="submit" name="user" value="cancel">Cancel</button></form></main></body></html>`;
}
