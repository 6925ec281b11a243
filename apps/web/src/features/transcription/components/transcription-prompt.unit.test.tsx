/**
 * The first-run prompt: shown while only the fallback transcribes, with the size of what it
 * downloads and a way to the other engines; nothing until the person's dismissed notices are
 * known, hidden once they dismissed it or once a better engine runs; a running download shows its
 * bars. The model list and dismissed notices come from mocked hooks; rendered to static markup.
 */
import type { ModelsList } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDING, modelsList, modelStatus, NOTES, TEXT_EMBEDDING } from '../testing/models';
import { TranscriptionPrompt } from './transcription-prompt';

const state = vi.hoisted(() => ({
  list: undefined as ModelsList | undefined,
  role: 'admin' as 'admin' | 'user',
  dismissed: false as boolean | undefined,
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
vi.mock('../api/notices', () => ({
  useNoticeDismissed: () => state.dismissed,
  useDismissNotice: () => ({ mutate: () => undefined }),
}));

const render = (subject: 'recorder' | 'meeting' = 'recorder') =>
  renderToStaticMarkup(<TranscriptionPrompt subject={subject} />);

describe('TranscriptionPrompt', () => {
  beforeEach(() => {
    state.list = modelsList([modelStatus(), EMBEDDING, NOTES, TEXT_EMBEDDING], 'offline');
    state.role = 'admin';
    state.dismissed = false;
  });

  it('is not shown to a user who is not an administrator (only they may download)', () => {
    state.role = 'user';
    expect(render()).toBe('');
  });

  it('says transcripts will be rough and offers speech and notes models in one step with their size', () => {
    const html = render();
    expect(html).toContain('Transcripts will be rough for now');
    // 482,468,385 + 29,596,978 + 1,107,409,472 + 36,685,152 bytes.
    expect(html).toContain('Download speech and notes models (about 1.7 GB)');
    expect(html).toContain(
      'Without a notes model, notes are extractive: sentences picked from the transcript.',
    );
    expect(html).toContain('Not now');
    expect(html).toContain('Only the built-in recognizer is set up.');
    // The other engines are one click away, not in the way.
    expect(html).toMatch(/aria-expanded="false"[^>]*>Other options</);
    expect(html).not.toContain('DEEPGRAM_API_KEY');
  });

  it('says so of the meeting it is shown on', () => {
    expect(render('meeting')).toContain('The built-in recognizer made this one.');
  });

  it('offers the speech models alone when the notes models are installed', () => {
    state.list = modelsList(
      [
        modelStatus(),
        EMBEDDING,
        { ...NOTES, state: 'installed' },
        { ...TEXT_EMBEDDING, state: 'installed' },
      ],
      'offline',
    );
    const html = render();
    expect(html).toContain('Download speech models (about 512 MB)');
    expect(html).not.toContain('extractive');
  });

  it('shows the bars of the speech and notes downloads with Cancel instead of Download', () => {
    state.list = modelsList(
      [
        modelStatus({ state: 'downloading', receivedBytes: 48_246_839 }),
        EMBEDDING,
        { ...NOTES, state: 'downloading', receivedBytes: 553_704_736 },
        TEXT_EMBEDDING,
      ],
      'offline',
    );
    const html = render();
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="10"/);
    expect(html).toContain('48 MB of 482 MB (10%)');
    expect(html).toMatch(
      /aria-label="Downloading Qwen3 1.7B \(notes, small\)"[^>]*aria-valuenow="50"/,
    );
    expect(html).toContain('554 MB of 1.1 GB (50%)');
    expect(html).toContain('Cancel download');
    expect(html).not.toContain('Download (');
  });

  it('says a download failed in plain words and leaves its operator text to Settings', () => {
    const error = {
      error: 'Model host unreachable',
      details:
        'Could not reach huggingface.co (getaddrinfo ENOTFOUND). Check the network, or point MODELS_BASE_URL at a mirror.',
    };
    state.list = modelsList(
      [modelStatus({ state: 'failed', error }), EMBEDDING, NOTES, TEXT_EMBEDDING],
      'offline',
    );
    const html = render();
    expect(html).toContain('The download did not finish. Settings shows why.');
    expect(html).toContain('Open Settings');
    expect(html).toContain('Try again');
    expect(html).not.toMatch(/Could not reach|MODELS_BASE_URL|huggingface|unreachable/);
  });

  it('stays hidden once this person dismissed it', () => {
    state.dismissed = true;
    expect(render()).toBe('');
  });

  it('shows nothing until the dismissed notices are known', () => {
    state.dismissed = undefined;
    expect(render()).toBe('');
  });

  it('is not shown when a better engine runs, nor before the list is loaded', () => {
    state.list = modelsList([modelStatus({ state: 'installed' }), EMBEDDING], 'local');
    expect(render()).toBe('');
    state.list = undefined;
    expect(render()).toBe('');
  });
});
