import { describe, expect, it } from 'vitest';
import { eventsPage, tokenAnswer, userInfoAnswer } from './answers.ts';
import { googleIdTokenClaims } from './id-token.ts';

const idToken = (claims: object) =>
  `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('Google answers', () => {
  it('reads the id_token claims that are strings, and a claim of another type as missing', () => {
    expect(googleIdTokenClaims(idToken({ email: 'a@b.c', hd: 'b.c', sub: '1' }))).toEqual({
      email: 'a@b.c',
      hd: 'b.c',
    });
    expect(googleIdTokenClaims(idToken({ email: 42, name: ['x'], hd: 'b.c' }))).toEqual({
      hd: 'b.c',
    });
    expect(googleIdTokenClaims('not-a-jwt')).toEqual({});
  });

  it('accepts an events page with the fields Summy reads and refuses one it cannot read', () => {
    const page = {
      items: [{ id: 'e1', summary: 'Stand-up', start: { dateTime: '2026-01-01T09:00:00Z' } }],
      nextPageToken: 'p2',
      kind: 'calendar#events',
    };
    expect(eventsPage.parse(page)).toEqual({
      items: page.items,
      nextPageToken: 'p2',
    });
    expect(eventsPage.safeParse({ items: [{ summary: 'no id' }] }).success).toBe(false);
    expect(eventsPage.safeParse({ items: [{ id: 'e1', summary: 42 }] }).success).toBe(false);
  });

  it('reads a token answer and refuses a non-numeric lifetime', () => {
    expect(
      tokenAnswer.parse({ access_token: 't', expires_in: 3599, token_type: 'Bearer' }),
    ).toEqual({ access_token: 't', expires_in: 3599 });
    expect(tokenAnswer.safeParse({ access_token: 't', expires_in: '3599' }).success).toBe(false);
  });

  it('reads the id_token of a code exchange and a userinfo profile, refusing a non-string e-mail', () => {
    expect(tokenAnswer.parse({ access_token: 't', id_token: 'h.p.s' })).toEqual({
      access_token: 't',
      id_token: 'h.p.s',
    });
    expect(userInfoAnswer.parse({ sub: '1', email: 'a@b.c', email_verified: true })).toEqual({
      sub: '1',
      email: 'a@b.c',
    });
    expect(userInfoAnswer.safeParse({ sub: '1', email: ['a@b.c'] }).success).toBe(false);
  });
});
