/**
 * `POST /api/meetings/upload`: a multipart/form-data upload (field `file`, optional fields `title`
 * and `channels`)
 * streamed into storage, then the meeting and its processing job
 * (docs/product.md#recording-and-uploads has the rules).
 */
import { FileTooLargeError, MAX_UPLOAD_BYTES } from '../../uploads/audio-type.ts';
import {
  MULTIPART_OVERHEAD_BYTES,
  receiveMultipart,
  type RawRequest,
} from '../../uploads/multipart.ts';
import {
  createMeetingForUpload,
  storeOrFail,
  uploadChannels,
  uploadTitle,
  type UploadDeps,
} from './create-uploaded-meeting.ts';

/**
 * Receives an upload and answers the new meeting's id once the audio is stored and processing
 * is enqueued (transcription runs later, in the `meeting.process` job).
 *
 * Size: a declared Content-Length above 100 MB plus the multipart envelope
 * (`MULTIPART_OVERHEAD_BYTES`) is refused before any byte of the body is read; otherwise the
 * file's bytes are counted as they arrive and the upload stops at the first byte past 100 MB.
 *
 * @throws FileTooLargeError 413 'File too large' / 'Please upload a file smaller than 100MB'
 * @throws InvalidFileTypeError 400 'Invalid file type' / 'Please upload an audio or video file
 *   (MP3, WAV, M4A, MP4, WebM, etc.)', by declared type or by content
 * @throws ValidationError 400 when the body is not multipart, has no `file` part, or has a
 *   `channels` field other than `me,them` (the stored audio is then removed: nothing is kept)
 * @throws UploadFailedError 500 'Upload failed' when storage or the job queue fails
 */
export async function uploadMeetingFile(
  deps: UploadDeps,
  userId: string,
  request: RawRequest,
): Promise<{ meetingId: string }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new FileTooLargeError();
  }
  const { file, fields } = await receiveMultipart(request, 'file', async (part) => {
    const stored = await storeOrFail(deps, {
      userId,
      audio: part.stream,
      mimeType: part.mimeType,
    });
    return { stored, fileName: part.fileName };
  });
  let channels;
  try {
    channels = uploadChannels(fields.channels);
  } catch (err) {
    // The field may follow the file, which is stored by then: a refused upload keeps nothing.
    await deps.storage.delete(file.stored.key);
    throw err;
  }
  return createMeetingForUpload(deps, {
    userId,
    key: file.stored.key,
    mimeType: file.stored.contentType,
    fileName: file.fileName,
    title: uploadTitle(fields.title, file.fileName),
    channels,
  });
}
