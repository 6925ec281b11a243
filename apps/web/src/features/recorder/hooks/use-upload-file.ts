/**
 * Uploading an audio or video file as a new meeting (docs/product.md#recording-and-uploads; failure
 * toast 'Upload failed'). Used by the panel's 'Upload Recording' button and the sidebar's 'Upload
 * from file' through the recorder context.
 */
import { DIRECT_UPLOAD_MAX_BYTES, validateUploadFile } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { pendingUploads } from '@/lib/pending-uploads';
import {
  CALL_UPLOAD_CHANNELS,
  uploadMeetingFile,
  type UploadAnswer,
  type UploadOptions,
} from '../api/upload-meeting-file';
import { uploadResumable } from '../api/upload-resumable';

/** The documented upload failure toast. */
const UPLOAD_FAILED = {
  title: 'Upload failed',
  description: 'Failed to process the uploaded file',
};

/** Statuses after which sending the same file another way cannot succeed. */
const FINAL_STATUSES = new Set([400, 401, 403, 413, 415]);

/** The file name without its extension: the meeting's fallback title. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.trim() || 'Uploaded recording';
}

/** The server's reason, when it says more than the documented description. */
function failureDetail(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const parts = [error.message, error.details].filter(
    (part) =>
      part &&
      part !== UPLOAD_FAILED.title &&
      part !== UPLOAD_FAILED.description &&
      !/^HTTP \d+$/.test(part),
  );
  return parts.length ? parts.join(': ') : null;
}

/** Shows 'Upload failed / Failed to process the uploaded file', with the server's reason below. */
export function showUploadFailed(error: unknown): void {
  const detail = failureDetail(error);
  toast.error(UPLOAD_FAILED.title, {
    description: detail
      ? createElement(
          'span',
          { className: 'flex flex-col gap-0.5' },
          createElement('span', null, UPLOAD_FAILED.description),
          createElement('span', { className: 'opacity-80' }, detail),
        )
      : UPLOAD_FAILED.description,
  });
}

/**
 * Sends a file: up to 15 MB in one multipart request, larger ones by tus (resumable), falling back
 * to the multipart request when tus fails for a reason another attempt could fix.
 */
async function sendFile(
  file: File,
  title: string,
  options: UploadOptions & { onProgress: (loaded: number, total: number) => void },
): Promise<UploadAnswer> {
  if (file.size <= DIRECT_UPLOAD_MAX_BYTES) return uploadMeetingFile(file, title, options);
  try {
    return await uploadResumable(file, title, options);
  } catch (error) {
    if (error instanceof ApiRequestError && FINAL_STATUSES.has(error.status)) throw error;
    console.warn('Resumable upload failed; sending the file in one request', error);
    options.onProgress(0, file.size);
    return uploadMeetingFile(file, title, options);
  }
}

/** How a file is uploaded. */
export interface UploadFileChoice {
  /** A two-channel call recording: left channel the user's microphone, right the call. */
  asCall?: boolean;
}

/** What {@link useUploadFile} gives. */
export interface UploadFileControls {
  /** Validates, uploads and opens the new meeting; never throws (failures are toasts). */
  uploadFile: (file: File, choice?: UploadFileChoice) => Promise<void>;
  /** Uploads of this tab in flight. */
  uploading: number;
}

/** The upload action and how many uploads are running. */
export function useUploadFile(): UploadFileControls {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(0);

  const uploadFile = useCallback(
    async (file: File, choice: UploadFileChoice = {}) => {
      const refusal = validateUploadFile(file);
      if (refusal) {
        toast.error(refusal.title, { description: refusal.description });
        return;
      }
      const id = `temp-${crypto.randomUUID()}` as const;
      const title = titleFromFileName(file.name);
      pendingUploads.add({
        id,
        title,
        loaded: 0,
        total: file.size,
        date: new Date().toISOString(),
      });
      setUploading((n) => n + 1);
      try {
        const { meetingId } = await sendFile(file, title, {
          onProgress: (loaded, total) => pendingUploads.update(id, { loaded, total }),
          ...(choice.asCall ? { channels: CALL_UPLOAD_CHANNELS } : {}),
        });
        // Fetch the saved meeting before the placeholder goes, so the list does not blink.
        await queryClient.invalidateQueries({ queryKey: ['meetings'] });
        pendingUploads.remove(id);
        void navigate(`/meeting/${meetingId}`);
      } catch (error) {
        console.error('Upload failed', error);
        pendingUploads.remove(id);
        showUploadFailed(error);
      } finally {
        setUploading((n) => n - 1);
      }
    },
    [navigate, queryClient],
  );

  return { uploadFile, uploading };
}
