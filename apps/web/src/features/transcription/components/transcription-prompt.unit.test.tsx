/**
 * The first-run prompt (issue 12 point 3): shown while only the fallback transcribes, with the
 * size of what it downloads and the other engines named; hidden once dismissed by this person or
 * once a better engine runs; a running download shows its bars. The model list and session come
 * from mocked hooks; rendered to static markup.
 */
import type { ModelsList } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDING, modelsList, modelStatus } from '../testing/models';
import { dismissTranscriptionPrompt } from '../utils/prompt-dismissal';
import { TranscriptionPrompt } from './transcription-prompt';

const state = vi.hoisted(() => ({
  list: undefined as ModelsList | undefined,
  role: 'admin' as 'admin' | 'user',
}));

vi.mock('../api/get-models', () => ({ useModels: () => ({ data: state.list }) }));
vi.mock('../api/download-model', () => ({
  useDownloadModels: () => ({ mutate: () => undefined, isPending: false, error: null }),
}));
vi.mock('../api/cancel-model-download', () => ({
  useCancelModelDownload: () => ({ mutate: () => undefined, isPending: false }),
}));
vi.mock('@/lib/auth-client', () => ({
  authClient: { useSession: () => ({ data: { user: { id: 'user-1', role: state.role } } }) },
}));

const render = () => renderToStaticMarkup(<TranscriptionPrompt />);

describe('TranscriptionPrompt', () => {
  beforeEach(() => {
    state.list = modelsList([modelStatus(), EMBEDDING], 'offline');
    state.role = 'admin';
    dismissTranscriptionPrompt('someone-else');
  });

  it('is not shown to a user who is not an administrator (only they may download)', () => {
    state.role = 'user';
    expect(render()).toBe('');
  });

  it('says transcripts will be rough and offers both default models with their size', () => {
    const html = render();
    expect(html).toContain('Transcripts will be rough for now');
    // 482,468,385 + 29,596,978 bytes.
    expect(html).toContain('Download (512 MB)');
    expect(html).toContain('Not now');
    expect(html).toContain('DEEPGRAM_API_KEY');
    expect(html).toContain('OPENAI_BASE_URL');
    expect(html).toContain('aria-label="Dismiss"');
  });

  it('shows the bars of a running download with Cancel instead of Download', () => {
    state.list = modelsList(
      [modelStatus({ state: 'downloading', receivedBytes: 48_246_839 }), EMBEDDING],
      'offline',
    );
    const html = render();
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="10"/);
    expect(html).toContain('48 MB of 482 MB (10%)');
    expect(html).toContain('Cancel download');
    expect(html).not.toContain('Download (');
  });

  it('stays hidden once this person dismissed it', () => {
    dismissTranscriptionPrompt('user-1');
    expect(render()).toBe('');
  });

  it('is not shown when a better engine runs, nor before the list is loaded', () => {
    state.list = modelsList([modelStatus({ state: 'installed' }), EMBEDDING], 'local');
    expect(render()).toBe('');
    state.list = undefined;
    expect(render()).toBe('');
  });
});
