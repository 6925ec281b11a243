/**
 * The mono mix of a two-channel call recording, stored beside the original: playback and the
 * audio URL serve it (one ear alone would hold one side of the call), while the two-channel
 * original stays for transcribing again. Its key is the original's with {@link MIX_SUFFIX}, so it
 * is deleted and kept with the original without a column of its own.
 */

/** What a mix's key adds to its original's. */
export const MIX_SUFFIX = '.mix.webm';

/** The key of the mono mix of the object at `key`. */
export function playbackMixKey(key: string): string {
  return key + MIX_SUFFIX;
}

/** The original's key of a mix key, or undefined when `key` is not a mix's. */
export function mixedFromKey(key: string): string | undefined {
  return key.endsWith(MIX_SUFFIX) ? key.slice(0, -MIX_SUFFIX.length) : undefined;
}
