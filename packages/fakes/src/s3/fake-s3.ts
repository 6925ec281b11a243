/**
 * A loopback fake of the S3 REST API, path-style, speaking the documented wire format of the
 * operations Summy uses (Amazon S3 API Reference: PutObject, HeadObject, GetObject, and SigV4
 * query-string authentication for presigned URLs). Objects live in memory. Signatures are not
 * verified; presigned URLs are checked for their SigV4 parameters and expiry only.
 *
 * - PUT /{bucket}/{key}: stores the body; with `If-None-Match: *` an existing key answers 412
 *   `PreconditionFailed`. Refuses `aws-chunked` bodies (as several S3-compatible servers do), so
 *   a client that sends them fails here too.
 * - HEAD /{bucket}/{key}: 200 with Content-Length, Content-Type, ETag; 404 without a body.
 * - GET /{bucket}/{key}: the object, or 206 for `Range: bytes=a-b`; 404 `NoSuchKey`.
 * - DELETE /{bucket}/{key}: 204, whether or not the key existed.
 * - GET /{bucket}?list-type=2&prefix=…: ListObjectsV2, every matching key in one page.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stored object of the fake. */
export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A running fake S3 server. */
export interface FakeS3 {
  /** Endpoint URL to give the SDK (S3_ENDPOINT). */
  endpoint: string;
  /** Objects by `{bucket}/{key}`. */
  objects: Map<string, FakeS3Object>;
  /** Every request line and selected headers, for assertions. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': body.length });
  res.end(body);
}

/** Starts the fake on a free loopback port. */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3['requests'] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = decodeURIComponent(url.pathname.slice(1));
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });

    if (url.searchParams.has('X-Amz-Signature')) {
      const date = url.searchParams.get('X-Amz-Date') ?? '';
      const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
      if (!m || !Number.isFinite(expiresIn)) {
        return xmlError(res, 403, 'AuthorizationQueryParametersError', 'Bad presigned URL');
      }
      const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
      if (Date.now() > signedAt + expiresIn * 1000) {
        return xmlError(res, 403, 'AccessDenied', 'Request has expired');
      }
    }

    if (req.method === 'PUT') {
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        req.resume();
        return xmlError(res, 501, 'NotImplemented', 'aws-chunked encoding is not supported');
      }
      if (req.headers['if-none-match'] === '*' && objects.has(name)) {
        req.resume();
        return xmlError(res, 412, 'PreconditionFailed', 'At least one precondition failed');
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const declared = Number(req.headers['content-length']);
        if (!Number.isFinite(declared) || declared !== body.length) {
          return xmlError(res, 400, 'IncompleteBody', 'Content-Length mismatch');
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(name, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { etag, 'content-length': 0 });
        res.end();
      });
      return;
    }

    if (req.method === 'DELETE') {
      objects.delete(name);
      res.writeHead(204);
      return res.end();
    }
    const bucket = name.replace(/\/$/, '');
    if (
      req.method === 'GET' &&
      !bucket.includes('/') &&
      url.searchParams.get('list-type') === '2'
    ) {
      const prefix = url.searchParams.get('prefix') ?? '';
      const listed = [...objects]
        .filter(([k]) => k.startsWith(`${bucket}/${prefix}`))
        .map(([k, o]) => ({ key: k.slice(bucket.length + 1), o }))
        .sort((a, b) => a.key.localeCompare(b.key));
      const body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Name>${xmlText(bucket)}</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${listed.length}</KeyCount>` +
        `<MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>` +
        listed
          .map(
            ({ key, o }) =>
              `<Contents><Key>${xmlText(key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
              `<ETag>${xmlText(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join('') +
        `</ListBucketResult>`;
      res.writeHead(200, {
        'content-type': 'application/xml',
        'content-length': Buffer.byteLength(body),
      });
      return res.end(body);
    }

    const object = objects.get(name);
    if (req.method === 'HEAD') {
      if (!object) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, {
        'content-length': object.body.length,
        'content-type': object.contentType,
        etag: object.etag,
        'accept-ranges': 'bytes',
      });
      return res.end();
    }
    if (req.method === 'GET') {
      if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(
          range[2] ? Number(range[2]) : object.body.length - 1,
          object.body.length - 1,
        );
        const part = object.body.subarray(start, end + 1);
        res.writeHead(206, {
          'content-length': part.length,
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
          'content-type': object.contentType,
          etag: object.etag,
        });
        return res.end(part);
      }
      res.writeHead(200, {
        'content-length': object.body.length,
        'content-type': object.contentType,
        etag: object.etag,
      });
      return res.end(object.body);
    }
    return xmlError(res, 405, 'MethodNotAllowed', 'Method not allowed');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
