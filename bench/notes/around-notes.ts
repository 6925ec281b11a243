/**
 * bench/notes/around-notes: the notes written around My notes, on every meeting of
 * testdata/meetings with an AMI abstractive summary (the reference). The attendee's notes are
 * made from the first half of the reference's sentences, one note line each; the rest of the
 * reference is what the written notes should add from the transcript. Nothing is tuned on these
 * meetings (no threshold or weight is set from them), so leave-one-out has nothing to hold out.
 *
 * Two systems, each beside its own notes written without My notes in the same run:
 * - offline: the notes as written then the offline extractive points (services/text), against
 *   the offline summary;
 * - scripted: the real AI SDK text model against the fake OpenAI vendor, whose default script
 *   answers the notes task (packages/fakes/src/llm/notes-script.ts), against its canned summary.
 *   It measures the plumbing (prompt, check, retry, fallback), not a language model's writing.
 *
 * Prints per meeting and system: the share of note lines kept (a bullet with the line's ref
 * whose text holds the line's words; goal 1), and ROUGE-2 F1 against the whole reference of the
 * written notes and of the notes written without My notes.
 *
 * Run from the repository root: `npx tsx bench/notes/around-notes.ts`
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  noteLinesOf,
  writtenNotesMarkdown,
  type NoteBlock,
  type NoteLine,
  type WrittenNotes,
} from '@summy/core';
import { startFakeOpenAi } from '@summy/fakes/llm';
import { resolveTextModel } from '../../apps/server/src/providers/llm/catalog.ts';
import { createOfflineTextModel } from '../../apps/server/src/providers/llm/offline/model.ts';
import { extractivePoints } from '../../apps/server/src/providers/llm/offline/points.ts';
import type { TextModel } from '../../apps/server/src/providers/llm/types.ts';
import { writeNotesAround } from '../../apps/server/src/services/text/write-around-notes.ts';
import { loadQmsumMeeting, QMSUM_DIR } from '../../apps/server/test/qmsum.ts';
import { rouge, rougeTokens } from './rouge.ts';

/** The reference's sentences, in order. */
export function referenceSentences(reference: string): string[] {
  return reference
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => rougeTokens(s).length > 0);
}

/** My notes from the first half (rounded up) of the reference's sentences, one line each. */
export function notesFromReference(reference: string): NoteBlock[] {
  const sentences = referenceSentences(reference);
  const half = sentences.slice(0, Math.ceil(sentences.length / 2));
  return [{ id: 'bench', phase: 'during', t: 0, markdown: half.map((s) => `- ${s}`).join('\n') }];
}

/**
 * The share of note lines kept: a bullet with the line's ref whose words (lowercased letter and
 * digit runs) hold all of the line's; 1 when there is no line.
 */
export function keptShare(lines: readonly NoteLine[], notes: Pick<WrittenNotes, 'sections'>) {
  const wanted = lines.filter((l) => l.kind !== 'heading');
  if (!wanted.length) return 1;
  const bullets = notes.sections.flatMap((s) => s.bullets);
  const kept = wanted.filter((l) => {
    const words = rougeTokens(l.text);
    return bullets.some((b) => {
      if (b.noteRef !== l.ref) return false;
      const has = new Set(rougeTokens(b.text));
      return words.every((w) => has.has(w));
    });
  });
  return kept.length / wanted.length;
}

interface Row {
  meeting: string;
  system: string;
  lines: number;
  kept: number;
  origin: string;
  withNotes: number;
  withoutNotes: number;
  /** ROUGE-2 F1 of the note lines alone: what the written notes add is above it. */
  notesAlone: number;
}

function amiReference(name: string): string | undefined {
  const dir = path.join(QMSUM_DIR, name);
  const file = readdirSync(dir).find((f) => f.endsWith('.ami_abstractive_summary.txt'));
  return file && existsSync(path.join(dir, file))
    ? readFileSync(path.join(dir, file), 'utf8').trim()
    : undefined;
}

async function measure(
  system: string,
  model: TextModel,
  name: string,
  reference: string,
): Promise<Row> {
  const { transcript } = loadQmsumMeeting(name);
  const lines = noteLinesOf(notesFromReference(reference));
  const points = async (t: string) => extractivePoints(t);
  const written = await writeNotesAround(
    model,
    { transcript, lines, meetingTitle: '' },
    undefined,
    points,
  );
  const plain = await model.summarize({ transcript, meetingTitle: '', template: 'general' });
  return {
    meeting: name,
    system,
    lines: lines.length,
    kept: keptShare(lines, written),
    origin: written.origin,
    withNotes: rouge(writtenNotesMarkdown(written), reference).r2,
    withoutNotes: rouge(plain.summary, reference).r2,
    notesAlone: rouge(lines.map((l) => l.text).join('\n'), reference).r2,
  };
}

const fixed = (n: number) => n.toFixed(3);

async function main() {
  const names = readdirSync(QMSUM_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  const openai = await startFakeOpenAi({ models: ['gpt-5-mini'] });
  try {
    const scripted = await resolveTextModel(
      'openai:gpt-5-mini',
      { settings: { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url } },
      { log: () => {} },
    );
    const systems: [string, TextModel][] = [
      ['offline', createOfflineTextModel()],
      ['scripted', scripted],
    ];
    const rows: Row[] = [];
    for (const name of names) {
      const reference = amiReference(name);
      if (!reference) continue;
      for (const [system, model] of systems)
        rows.push(await measure(system, model, name, reference));
    }
    console.log(
      'meeting       system    lines  kept   origin      R2 with notes  R2 without  ratio  R2 notes alone',
    );
    for (const r of rows) {
      console.log(
        `${r.meeting.padEnd(13)} ${r.system.padEnd(9)} ${String(r.lines).padStart(5)}  ${fixed(r.kept)}  ${r.origin.padEnd(10)}  ${fixed(r.withNotes).padStart(13)}  ${fixed(r.withoutNotes).padStart(10)}  ${(r.withNotes / r.withoutNotes).toFixed(2).padStart(5)}  ${fixed(r.notesAlone).padStart(14)}`,
      );
    }
    for (const [system] of systems) {
      const own = rows.filter((r) => r.system === system);
      const mean = (f: (r: Row) => number) => own.reduce((n, r) => n + f(r), 0) / own.length;
      console.log(
        `mean ${system}: kept ${fixed(mean((r) => r.kept))}, ROUGE-2 F1 ${fixed(mean((r) => r.withNotes))} with notes against ${fixed(mean((r) => r.withoutNotes))} without (${(mean((r) => r.withNotes) / mean((r) => r.withoutNotes)).toFixed(2)}x); the notes alone ${fixed(mean((r) => r.notesAlone))}`,
      );
    }
  } finally {
    await openai.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
