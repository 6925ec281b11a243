/**
 * One model of Settings > Transcription in each state: the Download button, the progress bar (role
 * progressbar with aria-valuenow, bytes and percent as text) with Cancel, 'Installed' with Remove,
 * and a failure in the documented words. Rendered to static markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { modelStatus, NOTES } from '../testing/models';
import { ModelRow } from './model-row';

function render(overrides: Parameters<typeof modelStatus>[0] = {}, manage = true) {
  const noop = () => undefined;
  return renderToStaticMarkup(
    <ModelRow
      model={modelStatus(overrides)}
      manage={manage}
      onDownload={noop}
      onPause={noop}
      onCancel={noop}
      onRemove={noop}
    />,
  );
}

describe('ModelRow', () => {
  it('describes the model: name, kind, size, languages, what it is good for', () => {
    const html = render();
    expect(html).toContain('Parakeet TDT 0.6B v2 (English)');
    expect(html).toContain('Speech recognizer · 482 MB · English');
    expect(html).toContain('Most accurate English.');
    expect(html).toContain('Recommended');
    expect(html).toContain('aria-label="Download Parakeet TDT 0.6B v2 (English)"');
    expect(html).not.toContain('progressbar');
  });

  it('states the memory, context and licence of a notes model beside its size', () => {
    const html = render(NOTES);
    expect(html).toContain(
      'Notes model · 1.1 GB · English, German, French and 1 more · 3.5 GB of memory · 32,768-token context · Apache-2.0',
    );
    expect(html).toContain('aria-label="Download Qwen3 1.7B (notes, small)"');
  });

  it('shows a running download as a bar with bytes and percent, and Cancel', () => {
    const html = render({ state: 'downloading', receivedBytes: 241_234_193 });
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="50"/);
    expect(html).toContain('aria-label="Downloading Parakeet TDT 0.6B v2 (English)"');
    expect(html).toContain('241 MB of 482 MB (50%)');
    expect(html).toContain('aria-label="Cancel download of Parakeet TDT 0.6B v2 (English)"');
    expect(html).not.toContain('>Download<');
  });

  it('offers Pause beside Cancel, and Resume for a paused download', () => {
    const html = render({ state: 'downloading', receivedBytes: 1_000_000 });
    expect(html).toContain('aria-label="Pause download of Parakeet TDT 0.6B v2 (English)"');
    const paused = render({ state: 'absent', receivedBytes: 1_000_000 });
    expect(paused).toContain('aria-label="Resume download of Parakeet TDT 0.6B v2 (English)"');
    expect(paused).toContain('>Resume<');
    expect(paused).toContain('Paused at 1.0 MB of 482 MB (0%)');
  });

  it('shows a user who is not an administrator the state only, and no failure details', () => {
    const absent = render({}, false);
    expect(absent).toContain('Not installed');
    expect(absent).not.toContain('<button');
    const installed = render({ state: 'installed', receivedBytes: 482_468_385 }, false);
    expect(installed).toContain('Installed');
    expect(installed).not.toContain('<button');
    const downloading = render({ state: 'downloading', receivedBytes: 241_234_193 }, false);
    expect(downloading).toContain('role="progressbar"');
    expect(downloading).not.toContain('<button');
    const failed = render(
      { state: 'failed', error: { error: 'Disk full', details: 'No space in /srv/summy/models' } },
      false,
    );
    expect(failed).toContain('Download failed: Disk full');
    expect(failed).not.toContain('/srv/summy/models');
    expect(failed).not.toContain('<button');
  });

  it('shows an installed model with Remove and no Download', () => {
    const html = render({ state: 'installed', receivedBytes: 482_468_385 });
    expect(html).toContain('Installed');
    expect(html).toContain('aria-label="Remove Parakeet TDT 0.6B v2 (English)"');
    expect(html).not.toContain('aria-label="Download');
  });

  it("says why a download failed, '{error}: {details}', and offers to try again", () => {
    const html = render({
      state: 'failed',
      error: { error: 'Checksum mismatch', details: 'The file differs from the catalog' },
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Checksum mismatch: The file differs from the catalog');
    expect(html).toContain('aria-label="Retry download of Parakeet TDT 0.6B v2 (English)"');
  });
});
