import { describe, expect, it } from 'vitest';
import { recordingKeyFromUrl } from './recording-url.ts';

const user = 'EMHsZz9eaLmhrMgVzdVLotOP5pS4R94Z';
const publicUrl = 'https://summy.example.com';
const now = Date.UTC(2025, 0, 1);
const exp = Math.floor(now / 1000) + 3600;
const local = (key: string, extra = '') =>
  `${publicUrl}/api/storage/recordings/${key}?expires=${exp}&signature=sig${extra}`;
const parse = (url: string, opts: Partial<Parameters<typeof recordingKeyFromUrl>[2]> = {}) =>
  recordingKeyFromUrl(url, user, { publicUrl, now, ...opts });

describe('recordingKeyFromUrl', () => {
  it("reads the key of the user's own signed local URL, absolute or relative", () => {
    const key = `${user}/1735689600000-meeting-audio.webm`;
    expect(parse(local(key))).toEqual({ key });
    expect(parse(local(key).replace(publicUrl, ''))).toEqual({ key });
    // Each segment may be percent-encoded, but an encoded slash never joins two.
    expect(parse(local(key.replace('-', '%2D')))).toEqual({ key });
    expect(parse(local(key.replace('/', '%2F')))).toHaveProperty('error');
  });

  it('checks the signature with the given verifier', () => {
    const key = `${user}/1-meeting-audio.wav`;
    const calls: string[][] = [];
    const verifyLocal = (...args: string[]) => (calls.push(args), false);
    expect(parse(local(key), { verifyLocal })).toHaveProperty('error');
    expect(calls).toEqual([[key, String(exp), 'sig']]);
  });

  it('refuses other users, other origins, other paths, traversal, missing signature, expiry', () => {
    const refused = [
      local('someoneelse/1-meeting-audio.wav'),
      local(`${user}`),
      local(`${user}/../other/1.wav`),
      local(`${user}/..%2F..%2Fetc%2Fpasswd`),
      local(`${user}/a%5Cb.wav`),
      local(`${user}/x.wav`).replace(publicUrl, 'https://evil.example.com'),
      `${publicUrl}/api/meetings/${user}/x.wav?expires=${exp}&signature=s`,
      `${publicUrl}/api/storage/recordings/${user}/x.wav`,
      `file:///etc/passwd`,
      `http://169.254.169.254/latest/meta-data/`,
    ];
    for (const url of refused) expect(parse(url), url).toHaveProperty('error');
    const expired = local(`${user}/x.wav`).replace(`expires=${exp}`, `expires=${exp - 7200}`);
    expect(parse(expired)).toEqual({ error: 'The signed URL has expired; ask for a new one' });
  });

  it('reads presigned S3 URLs of the configured bucket', () => {
    const s3 = {
      bucket: 'summy',
      region: 'us-east-1',
      endpoint: 'http://minio.lan:9000',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    };
    const q = 'X-Amz-Date=20250101T000000Z&X-Amz-Expires=3600&X-Amz-Signature=abc';
    expect(parse(`http://minio.lan:9000/summy/${user}/x.webm?${q}`, { s3 })).toEqual({
      key: `${user}/x.webm`,
    });
    expect(parse(`http://summy.minio.lan:9000/${user}/x.webm?${q}`, { s3 })).toEqual({
      key: `${user}/x.webm`,
    });
    expect(parse(`http://minio.lan:9000/other/${user}/x.webm?${q}`, { s3 })).toHaveProperty(
      'error',
    );
    expect(
      parse(`http://minio.lan:9000/summy/${user}/x.webm?${q.replace('3600', '1')}`, {
        s3,
        now: now + 10_000,
      }),
    ).toHaveProperty('error');
  });
});
