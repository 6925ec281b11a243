import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { busyLabelOf, GeneratingState } from './panel-states';

describe('GeneratingState', () => {
  it('says the content comes after the recording while it records', () => {
    const label = busyLabelOf({ isRecording: true, isProcessing: false }, null);
    const html = renderToStaticMarkup(<GeneratingState label={label} subject="The transcript" />);
    expect(html).toContain('Recording...');
    expect(html).toContain('The transcript will appear here after the recording stops.');
    expect(html).not.toContain('Processing');
  });

  it("names the pipeline's step once the recording stopped", () => {
    for (const [meeting, progress, step] of [
      [{ isRecording: false, isProcessing: true }, 'Transcribing', 'Transcribing...'],
      [{ isRecording: true, isProcessing: true }, null, 'Processing...'],
    ] as const) {
      const html = renderToStaticMarkup(
        <GeneratingState label={busyLabelOf(meeting, progress)} subject="The summary" />,
      );
      expect(html).toContain(step);
      expect(html).toContain('The summary will appear here when it is ready.');
    }
  });
});
