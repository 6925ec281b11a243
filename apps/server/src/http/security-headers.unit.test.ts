/**
 * The S3 origins allowed in `media-src`, checked against the presigned URLs the real AWS SDK makes
 * for each addressing style (presigning is local: no request is sent).
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { googleUrls, type Env } from '../env.ts';
import { contentSecurityPolicy, s3MediaOrigins } from './security-headers.ts';

type S3 = NonNullable<Env['s3']>;

const s3 = (over: Partial<S3>): S3 => ({
  bucket: 'summy-audio',
  region: 'us-east-1',
  endpoint: undefined,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  forcePathStyle: false,
  ...over,
});

/** The origin of a presigned GetObject URL, made as storage/s3.ts makes them. */
async function presignedOrigin(settings: S3): Promise<string> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  const url = await getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: settings.bucket, Key: 'recordings/a.webm' }),
    { expiresIn: 60 },
  );
  return new URL(url).origin;
}

describe('s3MediaOrigins', () => {
  it('is empty without S3', () => {
    expect(s3MediaOrigins(undefined)).toEqual([]);
  });

  it.each([
    ['AWS, virtual-hosted', s3({})],
    ['AWS, another region', s3({ region: 'eu-west-3' })],
    ['AWS, path style', s3({ region: 'eu-west-3', forcePathStyle: true })],
    ['AWS, a bucket with dots (path style by the SDK)', s3({ bucket: 'summy.audio.example' })],
    [
      'MinIO on loopback, path style',
      s3({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }),
    ],
    [
      'R2, virtual-hosted on the endpoint',
      s3({ region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com' }),
    ],
    ['a port and a trailing slash', s3({ endpoint: 'https://minio.example.com:9443/' })],
  ])('allows the presigned URLs of %s', async (_name, settings) => {
    expect(s3MediaOrigins(settings)).toContain(await presignedOrigin(settings));
  });

  it('never lets a bucket name add CSP syntax', () => {
    const origins = s3MediaOrigins(s3({ bucket: "x; script-src 'unsafe-inline'" }));
    expect(origins.join(' ')).not.toMatch(/[;']/);
  });
});

describe('contentSecurityPolicy', () => {
  it('adds the S3 origins to media-src and Google photos to img-src only when configured', () => {
    const bare = contentSecurityPolicy({ s3: undefined, google: undefined });
    expect(bare.mediaSrc).toEqual(["'self'", 'blob:']);
    expect(bare.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    const full = contentSecurityPolicy({
      s3: s3({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }),
      google: { clientId: 'id', clientSecret: 'secret', ...googleUrls(undefined) },
    });
    expect(full.mediaSrc).toContain('http://127.0.0.1:9000');
    expect(full.imgSrc).toContain('https://*.googleusercontent.com');
    expect(full.scriptSrc).toEqual(["'self'"]);
    const fake = contentSecurityPolicy({
      s3: undefined,
      google: { clientId: 'id', clientSecret: 'secret', ...googleUrls('http://127.0.0.1:4010') },
    });
    expect(fake.imgSrc).toContain('http://127.0.0.1:4010');
  });
});
