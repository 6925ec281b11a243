/**
 * Where the tests, benchmarks, e2e specs and scripts find the repository's test data (real
 * recordings and meeting transcripts; origins and licences in SOURCES.md beside this file). Every
 * user of test data goes through this module, so a clone needs nothing beside it.
 */
import path from 'node:path';

/**
 * The test data folder: `SUMMY_TESTDATA` when set (a folder with the same layout, resolved against
 * the working directory), else this folder of the repository.
 */
export const TESTDATA_DIR = path.resolve(process.env.SUMMY_TESTDATA || import.meta.dirname);

/** The real recordings, one folder per source (`audio/jfk/jfk.wav`, …). */
export const AUDIO_DIR = path.join(TESTDATA_DIR, 'audio');

/** The real meeting transcripts: one folder per meeting holding its QMSum `*.qmsum.json`. */
export const MEETINGS_DIR = path.join(TESTDATA_DIR, 'meetings');

/**
 * A path inside the test data folder.
 * @example testdataPath('audio', 'jfk', 'jfk.wav')
 */
export function testdataPath(...parts: string[]): string {
  return path.join(TESTDATA_DIR, ...parts);
}
