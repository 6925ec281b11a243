/**
 * The partial file of a model download and its sidecar: the JSON validators (URL, SHA-256, ETag,
 * Last-Modified, length) that let a later download resume the file only while the mirror serves
 * the same one.
 */
import { readFile, rm, stat, writeFile } from 'node:fs/promises';

/** A partial file, its sidecar, and the URL and SHA-256 it is the download of. */
export interface PartialFileTarget {
  url: string;
  file: string;
  metaFile: string;
  sha256: string;
}

/** Validators of a partial file, to resume it only while the mirror serves the same file. */
export interface PartialMeta {
  url: string;
  sha256: string;
  etag?: string;
  lastModified?: string;
  totalBytes?: number;
}

/**
 * Bytes of the partial file that may be resumed: 0 (and the file removed) when its sidecar is
 * missing or was written for another URL or checksum.
 */
export async function usablePartialLength(target: PartialFileTarget): Promise<number> {
  const length = await fileLength(target.file);
  if (length === 0) return 0;
  const meta = await readMeta(target.metaFile);
  if (meta?.url === target.url && meta.sha256 === target.sha256) return length;
  await discardPartialFile(target);
  return 0;
}

/** Deletes the partial file and its sidecar. */
export async function discardPartialFile(target: PartialFileTarget): Promise<void> {
  await rm(target.file, { force: true });
  await rm(target.metaFile, { force: true });
}

/** Length of a file in bytes, 0 when it does not exist. */
export async function fileLength(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** The sidecar of a partial file; undefined when it is missing or not JSON. */
export async function readMeta(file: string): Promise<PartialMeta | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PartialMeta;
  } catch {
    return undefined;
  }
}

/** Writes the sidecar of a partial file (JSON); rejects with the file system's error. */
export async function writeMeta(file: string, meta: PartialMeta): Promise<void> {
  await writeFile(file, JSON.stringify(meta));
}
