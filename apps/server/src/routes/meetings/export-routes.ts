/**
 * `GET /api/meetings/{id}/export?format=`: a meeting as a file to download (Markdown with YAML
 * front matter, plain-text transcript, SRT, WebVTT, DOCX, PDF, JSON). Owner-scoped: another
 * user's meeting answers 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { EXPORT_FORMATS } from '@summy/core';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorContent, errorResponses, idParam } from '../../http/openapi.ts';
import { exportMeeting } from '../../services/export/export-meeting.ts';

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266,
 * RFC 5987 `filename*`).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The 429 of an export past the user's or the server's limit (services/export/export-limits.ts). */
export const tooManyExportsResponse = {
  429: {
    description:
      "`{error: 'Too many exports', details}` with `Retry-After`: the user already has 2 exports being written, or the server its limit of meeting exports",
    content: errorContent,
  },
} as const;

/** The export route, mounted under `/api/meetings`. */
export function meetingExportRoutes(deps: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/{id}/export',
      tags: ['meetings'],
      summary:
        'The meeting as a file: md (Markdown, YAML front matter for Obsidian), txt, srt, vtt (speaker names), docx, pdf or json',
      request: {
        params: idParam,
        query: z.object({ format: z.enum(EXPORT_FORMATS).openapi({ description: 'File format' }) }),
      },
      responses: {
        200: {
          description: 'The file, as an attachment named after the meeting',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        ...errorResponses,
        ...tooManyExportsResponse,
      },
    }),
    async (c) => {
      const file = await exportMeeting(
        deps,
        c.var.userId,
        c.req.valid('param').id,
        c.req.valid('query').format,
      );
      return c.body(new Uint8Array(file.body), 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.body.length),
        'Content-Disposition': attachmentHeader(file.fileName),
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
}
