/** Which body limit each route gets, and the auth body checks. */
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@summy/core';
import { authBodyIssues } from './auth-input.ts';
import { bodyKind } from './body-limit.ts';
import { bodyNulPath } from './nul-input.ts';
import { uploadTitle } from '../services/recordings/create-uploaded-meeting.ts';

const ID = '0b7d1f8e-7a52-4c8b-9a43-6d2f0e1c5a77';

describe('bodyKind', () => {
  it.each([
    ['POST', '/api/meetings/upload', 'upload'],
    ['POST', `/api/meetings/${ID}/audio`, 'upload'],
    ['POST', '/api/uploads', 'upload'],
    ['PATCH', '/api/uploads/abc', 'upload'],
    ['POST', '/api/transcribe', 'upload'],
    ['POST', '/api/meetings', 'transcript'],
    ['POST', '/api/meetings/', 'transcript'],
    ['PATCH', `/api/meetings/${ID}`, 'transcript'],
    ['PATCH', `/api/meetings/${ID}/transcript/turns/3`, 'transcript'],
    ['POST', '/api/summary', 'transcript'],
    ['POST', '/api/action-items', 'transcript'],
    ['POST', '/api/enhance-speakers', 'transcript'],
    ['POST', '/api/chat', 'chat'],
    ['POST', '/api/chat/stream', 'chat'],
    ['POST', '/api/auth/sign-in/email', 'default'],
    ['POST', '/api/auth/sign-up/email', 'default'],
    ['POST', `/api/meetings/${ID}/stop`, 'default'],
    ['POST', '/api/todos', 'default'],
    ['POST', `/api/chats/${ID}/messages`, 'default'],
    ['POST', '/api/start', 'default'],
    ['DELETE', `/api/meetings/${ID}`, 'default'],
    ['PATCH', `/api/meetings/${ID}/audio`, 'default'],
  ])('%s %s gets the %s limit', (method, path, kind) => {
    expect(bodyKind(method, path)).toBe(kind);
  });
});

describe('authBodyIssues', () => {
  it('accepts an ordinary sign-up', () => {
    expect(
      authBodyIssues({ name: 'Ada', email: 'ada@example.com', password: 'correct horse' }),
    ).toEqual([]);
  });

  it('bounds the name, e-mail and any other string', () => {
    expect(authBodyIssues({ name: 'n'.repeat(TEXT_LIMITS.userName) })).toEqual([]);
    expect(authBodyIssues({ name: 'n'.repeat(TEXT_LIMITS.userName + 1) })).toEqual([
      { path: 'name', message: `At most ${TEXT_LIMITS.userName} characters` },
    ]);
    expect(authBodyIssues({ email: `${'e'.repeat(250)}@x.io` })[0]?.path).toBe('email');
    expect(authBodyIssues({ password: 'p'.repeat(TEXT_LIMITS.authOther + 1) })[0]?.path).toBe(
      'password',
    );
  });

  it('refuses deep nesting rather than walking it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = { a: deep };
    expect(authBodyIssues(deep)[0]?.message).toBe('Nested too deeply');
  });
});

describe('bodyNulPath', () => {
  it('finds NUL in a JSON value or key, nested too, and in a form field', () => {
    expect(bodyNulPath(JSON.stringify({ name: 'a\u0000b' }), false)).toBe('name');
    expect(bodyNulPath(JSON.stringify({ id: { token: ['x', 'y\u0000'] } }), false)).toBe(
      'id.token.1',
    );
    expect(bodyNulPath(JSON.stringify({ names: { 'S\u00001': 'x' } }), false)).toBe(
      'names.S\u00001',
    );
    expect(bodyNulPath('name=a%00b&x=1', true)).toBe('name');
  });

  it('passes text without NUL, an escaped backslash before u0000, and malformed JSON', () => {
    expect(bodyNulPath(JSON.stringify({ name: 'Ada' }), false)).toBeNull();
    expect(bodyNulPath(JSON.stringify({ name: '\\u0000' }), false)).toBeNull();
    expect(bodyNulPath('{"name": "\\u0000', false)).toBeNull();
    expect(bodyNulPath('name=Ada', true)).toBeNull();
  });
});

describe('uploadTitle', () => {
  it('turns NUL and other control characters of a title or file name into spaces', () => {
    expect(uploadTitle('a\u0000b', 'x.wav')).toBe('a b');
    expect(uploadTitle(undefined, 'team\u0000\u0007sync.webm')).toBe('team sync');
    expect(uploadTitle('\u0000', '\u0000.wav')).toBe('Meeting');
  });
});
