/**
 * 'Re-transcribe with the local model': offered on a meeting the fallback transcribed once a local
 * recognizer is installed, and not while the meeting is busy. The model list comes from a mocked
 * hook; rendered to static markup.
 */
import type { ModelsList } from '@summy/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDING, modelsList, modelStatus } from '../testing/models';
import { RetranscribeOffer } from './retranscribe-offer';

const state = vi.hoisted(() => ({ list: undefined as ModelsList | undefined }));

vi.mock('../api/get-models', () => ({ useModels: () => ({ data: state.list }) }));
vi.mock('../api/retranscribe-meeting', () => ({
  useRetranscribeMeeting: () => ({ mutate: () => undefined, isPending: false }),
}));

const render = (transcribedBy: string | null, busy = false) =>
  renderToStaticMarkup(
    <RetranscribeOffer meetingId="meeting-1" transcribedBy={transcribedBy} busy={busy} />,
  );

describe('RetranscribeOffer', () => {
  beforeEach(() => {
    state.list = modelsList([modelStatus({ state: 'installed' }), EMBEDDING], 'local');
  });

  it('offers the local model on a meeting of the fallback', () => {
    const html = render('offline');
    expect(html).toContain('Re-transcribe with the local model');
    expect(html).toContain('The built-in recognizer made this transcript');
  });

  it('offers nothing while the meeting is processing, or for a better engine’s meeting', () => {
    expect(render('offline', true)).toBe('');
    expect(render('local')).toBe('');
  });

  it('offers nothing while only the fallback could run', () => {
    state.list = modelsList([modelStatus(), EMBEDDING], 'offline');
    expect(render('offline')).toBe('');
  });
});
