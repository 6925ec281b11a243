/**
 * What the two upload paths send for a file marked as a call recording: the multipart form's
 * `channels` field (before the file, so the server knows it first) and the tus metadata.
 */
import { describe, expect, it } from 'vitest';
import { CALL_UPLOAD_CHANNELS, uploadForm } from './upload-meeting-file';
import { resumableMetadata } from './upload-resumable';

const file = new File([new Uint8Array(16)], 'call.wav', { type: 'audio/wav' });

describe('upload of a two-channel call recording', () => {
  it('sends channels me,them before the file in the multipart form', () => {
    const form = uploadForm(file, 'Call', CALL_UPLOAD_CHANNELS);
    expect([...form.keys()]).toEqual(['title', 'channels', 'file']);
    expect(form.get('channels')).toBe('me,them');
    expect([...uploadForm(file, 'Plain').keys()]).toEqual(['title', 'file']);
  });

  it('sends channels me,them in the tus metadata', () => {
    expect(resumableMetadata(file, 'Call', CALL_UPLOAD_CHANNELS)).toEqual({
      filetype: 'audio/wav',
      filename: 'call.wav',
      title: 'Call',
      channels: 'me,them',
    });
    expect(resumableMetadata(file, 'Plain')).not.toHaveProperty('channels');
  });
});
