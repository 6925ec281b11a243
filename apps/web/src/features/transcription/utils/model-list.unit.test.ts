/**
 * The rules of Settings > Transcription and the first-run prompt: sizes and progress as shown,
 * which models the prompt downloads, and when a meeting is offered a re-transcription.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultDownloads,
  downloadPercent,
  formatBytes,
  formatLanguages,
  isNotesModel,
  modelErrorText,
  notesDownloads,
  notesFigures,
  progressText,
  promptDownloadLabel,
  retranscribeLabel,
  withModel,
} from './model-list';
import { EMBEDDING, modelsList, modelStatus, NOTES, TEXT_EMBEDDING } from '../testing/models';

const model = modelStatus;
const embedding = EMBEDDING;
const small = model({ id: 'small', name: 'Small', default: false, family: 'nemo-ctc' });
const list = modelsList;

describe('sizes and progress', () => {
  it('writes sizes in decimal units, as downloads are published', () => {
    expect(formatBytes(482_468_385)).toBe('482 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
    expect(formatBytes(2_400_000)).toBe('2.4 MB');
    expect(formatBytes(48_213)).toBe('48 KB');
    expect(formatBytes(12)).toBe('12 B');
  });

  it('gives whole percents, bounded, and 0 while the total is unknown', () => {
    expect(downloadPercent({ receivedBytes: 50, totalBytes: 200 })).toBe(25);
    expect(downloadPercent({ receivedBytes: 199, totalBytes: 200 })).toBe(99);
    expect(downloadPercent({ receivedBytes: 300, totalBytes: 200 })).toBe(100);
    expect(downloadPercent({ receivedBytes: 10, totalBytes: 0 })).toBe(0);
    expect(progressText({ receivedBytes: 120_000_000, totalBytes: 482_468_385 })).toBe(
      '120 MB of 482 MB (24%)',
    );
  });

  it("shows errors as '{error}: {details}'", () => {
    expect(
      modelErrorText({ error: 'Checksum mismatch', details: 'The download was damaged' }),
    ).toBe('Checksum mismatch: The download was damaged');
    expect(modelErrorText({ error: 'Disk full', details: '' })).toBe('Disk full');
  });

  it('names languages, and counts the rest of a long list', () => {
    expect(formatLanguages(['en'])).toBe('English');
    expect(formatLanguages(['en', 'de'])).toBe('English and German');
    expect(formatLanguages(['en', 'de', 'fr', 'es', 'it'])).toBe(
      'English, German, French and 2 more',
    );
  });
});

describe('the first-run prompt', () => {
  it('downloads the default recognizer and speaker embedding, not other models', () => {
    expect(defaultDownloads(list([small, model(), embedding], 'offline')).map((m) => m.id)).toEqual(
      ['parakeet-tdt-0.6b-v2-int8', '3dspeaker-campplus-en-voxceleb'],
    );
  });

  it('leaves out what is installed', () => {
    const installed = model({ state: 'installed' });
    expect(defaultDownloads(list([installed, embedding], 'offline')).map((m) => m.id)).toEqual([
      '3dspeaker-campplus-en-voxceleb',
    ]);
    expect(defaultDownloads(undefined)).toEqual([]);
  });

  it('replaces one model of the cached list by id', () => {
    const before = list([model(), embedding], 'offline');
    const after = withModel(model({ state: 'downloading', receivedBytes: 5 }))(before)!;
    expect(after.models[0]).toMatchObject({ state: 'downloading', receivedBytes: 5 });
    expect(after.models[1]).toBe(embedding);
  });
});

describe('re-transcription', () => {
  const installed = list([model({ state: 'installed' })], 'local');

  it('is offered on a fallback meeting once a local recognizer is installed', () => {
    expect(retranscribeLabel('offline', installed)).toBe('Re-transcribe with the local model');
  });

  it('names the cloud engine when one is set up instead', () => {
    expect(retranscribeLabel('offline', list([model()], 'deepgram'))).toBe(
      'Re-transcribe with Deepgram',
    );
  });

  it('is not offered while only the fallback runs, nor on a meeting of a better engine', () => {
    expect(retranscribeLabel('offline', list([model()], 'offline'))).toBeNull();
    expect(retranscribeLabel('offline', list([model()], 'local'))).toBeNull();
    expect(retranscribeLabel('local', installed)).toBeNull();
    expect(retranscribeLabel(null, installed)).toBeNull();
    expect(retranscribeLabel('offline', undefined)).toBeNull();
  });
});

describe('notes models', () => {
  const notes = NOTES;
  const textEmbedding = TEXT_EMBEDDING;

  it('are the notes and text-embedding entries, offered by their defaults until installed', () => {
    expect([model(), embedding, notes, textEmbedding].map(isNotesModel)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    const all = [model(), embedding, notes, textEmbedding];
    expect(notesDownloads(list(all, 'offline')).map((m) => m.id)).toEqual([
      notes.id,
      textEmbedding.id,
    ]);
    expect(
      notesDownloads(list([notes, { ...textEmbedding, state: 'installed' }], 'offline')),
    ).toEqual([notes]);
    expect(notesDownloads(list([{ ...notes, default: false }], 'offline'))).toEqual([]);
  });

  it('name the one-step download with its size computed from the catalog', () => {
    // 482,468,385 + 29,596,978 + 1,107,409,472 + 36,685,152 bytes.
    expect(promptDownloadLabel([model(), embedding], [notes, textEmbedding])).toBe(
      'Download speech and notes models (about 1.7 GB)',
    );
    expect(promptDownloadLabel([], [notes, textEmbedding])).toBe(
      'Download notes models (about 1.1 GB)',
    );
    expect(promptDownloadLabel([model(), embedding], [])).toBe(
      'Download speech models (about 512 MB)',
    );
  });

  it('state memory, context and licence', () => {
    expect(notesFigures(notes)).toBe('3.5 GB of memory · 32,768-token context · Apache-2.0');
    expect(notesFigures(model())).toBe('');
  });
});
