/**
 * bench/notes: the offline notes generator (title, summary, action items) on every real meeting
 * transcript of testdata/meetings, beside two baselines measured in the same run: the first
 * sentences of the meeting (as many words as the new summary) and the frozen generator of before
 * the notes rework (bench/notes/baseline-v0). Reference transcripts, not speech-to-text output, so
 * recognition errors do not blur the figures.
 *
 * Prints per meeting: ROUGE-1/2/L F1 against the AMI abstractive summary and the QMSum
 * general-query answer (bench/notes/rouge.ts), action-item precision and recall against
 * `*.reference_actions.json` (rule in bench/notes/match.ts), whether the overview names the subject
 * (a content word of QMSum's topic list), repeated key points, the title, and time per meeting;
 * over all references, ROUGE on content words (the frozen baseline's stop words left out of both
 * sides), which a wording that only adds function words does not raise.
 *
 * With notes models installed in SUMMY_MODELS_DIR (MODELS_CATALOG for another catalog), each is
 * scored as a further system, `local:<id>`, timed once per meeting.
 *
 * Run from the repository root: `npx tsx bench/notes/run.ts`
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ActionItemSuggestion } from '@summy/core';
import {
  extractRuleBasedActionItems,
  MIN_CONFIDENCE,
} from '../../apps/server/src/providers/llm/offline/action-items.ts';
import {
  createOfflineTextModel,
  sentencesOf,
} from '../../apps/server/src/providers/llm/offline/model.ts';
import { summaryMarkdown } from '../../apps/server/src/providers/llm/offline/markdown.ts';
import {
  MAX_POINT_WORDS,
  summarizeSentences,
} from '../../apps/server/src/providers/llm/offline/summarize.ts';
import {
  closeLocalEngines,
  createLocalTextModel,
  installedLocalTextModels,
} from '../../apps/server/src/providers/llm/local/provider.ts';
import type { TextModel } from '../../apps/server/src/providers/llm/types.ts';
import { loadQmsumMeeting, QMSUM_DIR } from '../../apps/server/test/qmsum.ts';
import { GENERIC_WORDS, STOPWORDS } from './baseline-v0/stopwords.ts';
import { baselineNotes } from './baseline-v0/index.ts';
import { scoreActions, type ReferenceAction } from './match.ts';
import { rouge, rougeTokens, type RougeScores } from './rouge.ts';
import {
  firstSentences,
  keyPointsOf,
  overviewOf,
  plain,
  repeatedKeyPoints,
  singular,
} from './summary-text.ts';

interface Notes {
  title: string;
  summary: string;
  actionItems: ActionItemSuggestion[];
}

interface Meeting {
  name: string;
  transcript: string;
  ami?: string;
  qmsum: string;
  topicWords: Set<string>;
  actions?: ReferenceAction[];
}

function readIf(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function loadMeeting(name: string): Meeting {
  const dir = path.join(QMSUM_DIR, name);
  const files = readdirSync(dir);
  const base = files.find((f) => f.endsWith('.qmsum.json'))!.replace(/\.qmsum\.json$/, '');
  const json = JSON.parse(readFileSync(path.join(dir, `${base}.qmsum.json`), 'utf8')) as {
    topic_list: { topic: string }[];
    general_query_list: { answer: string }[];
  };
  const actions = readIf(path.join(dir, `${base}.reference_actions.json`));
  return {
    name,
    transcript: loadQmsumMeeting(name).transcript,
    ami: readIf(path.join(dir, `${base}.ami_abstractive_summary.txt`))?.trim(),
    qmsum: json.general_query_list.map((q) => q.answer.trim()).join(' '),
    topicWords: new Set(
      json.topic_list
        .flatMap((t) => rougeTokens(t.topic))
        .filter((w) => !STOPWORDS.has(w) && !GENERIC_WORDS.has(w) && !/^(?:preliminaries)$/.test(w))
        .map(singular),
    ),
    actions: actions ? (JSON.parse(actions) as { actions: ReferenceAction[] }).actions : undefined,
  };
}

async function newNotes(transcript: string): Promise<Notes> {
  const model = createOfflineTextModel();
  const [title, { summary }, actionItems] = await Promise.all([
    model.generateTitle(transcript).catch(() => 'Meeting'),
    model.summarize({ transcript, meetingTitle: '', template: 'general' }),
    model.extractActionItems(transcript),
  ]);
  return { title, summary, actionItems };
}

/**
 * The notes of an installed local model (--models-dir, default SUMMY_MODELS_DIR), one call per
 * step as the pipeline makes them; a step that fails counts as empty.
 */
async function localNotes(model: TextModel, transcript: string): Promise<Notes> {
  const title = await model.generateTitle(transcript).catch(() => '');
  const summary = await model
    .summarize({ transcript, meetingTitle: '', template: 'general' })
    .then((s) => s.summary)
    .catch(() => '');
  const actionItems = await model.extractActionItems(transcript).catch(() => []);
  return { title, summary, actionItems };
}

interface Row {
  meeting: string;
  system: string;
  ami?: RougeScores;
  qmsum: RougeScores;
  /** ROUGE on content words only (stop words left out of both sides), AMI then QMSum. */
  content: RougeScores[];
  actions?: { p: number; r: number; matched: number; items: number; refs: number };
  subject: boolean;
  subjectWords: string[];
  repeats: number;
  words: number;
  ms: number;
  notes: Notes;
}

/** The text's tokens without stop words, for ROUGE on content words. */
const content = (text: string) =>
  rougeTokens(text)
    .filter((w) => !STOPWORDS.has(w))
    .join(' ');
const pct = (x: number) => (100 * x).toFixed(1).padStart(5);
const f3 = (x: number) => x.toFixed(3);

async function main(): Promise<void> {
  const names = readdirSync(QMSUM_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  const meetings = names.map(loadMeeting);
  const rows: Row[] = [];
  // Installed notes models are scored beside the extractive generator, in the same run.
  const models = {
    modelsDir: process.env.SUMMY_MODELS_DIR,
    modelsCatalogFile: process.env.MODELS_CATALOG,
  };
  const local = installedLocalTextModels(models).map((m) => createLocalTextModel(models, m.id));
  console.log(
    local.length
      ? `Notes models: ${local.map((m) => m.id).join(', ')}`
      : 'No notes model installed (SUMMY_MODELS_DIR): the extractive generator and the baselines only.',
  );

  for (const m of meetings) {
    const timed = async (fn: () => Promise<Notes> | Notes) => {
      // Best of three: the figure is the generator's cost, not the machine's other work.
      let best = Infinity;
      let notes!: Notes;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        notes = await fn();
        best = Math.min(best, performance.now() - t0);
      }
      return { notes, ms: best };
    };
    const fresh = await timed(() => newNotes(m.transcript));
    const today = await timed(() => baselineNotes(m.transcript));
    const words = rougeTokens(plain(fresh.notes.summary)).length;
    const lead = await timed(() => {
      const text = firstSentences(m.transcript, words);
      return { title: text.split(/\s+/).slice(0, 6).join(' '), summary: text, actionItems: [] };
    });

    const byModel: [string, { notes: Notes; ms: number }][] = [];
    for (const model of local) {
      const t0 = performance.now();
      const notes = await localNotes(model, m.transcript);
      byModel.push([model.id, { notes, ms: performance.now() - t0 }]);
    }
    for (const [system, { notes, ms }] of [
      ['new', fresh],
      ['today (v0)', today],
      ['first-N', lead],
      ...byModel,
    ] as const) {
      const text = plain(notes.summary);
      const overview = overviewOf(notes.summary);
      const named = rougeTokens(overview)
        .map(singular)
        .filter((w) => m.topicWords.has(w));
      const scored = m.actions
        ? scoreActions(
            notes.actionItems.map((a) => ({
              owner: a.assignedTo,
              text: `${a.title} ${/^Due ([^.]+)\./.exec(a.description)?.[1] ?? ''}`,
            })),
            m.actions,
          )
        : undefined;
      rows.push({
        meeting: m.name,
        system,
        ami: m.ami ? rouge(text, m.ami) : undefined,
        qmsum: rouge(text, m.qmsum),
        content: [m.ami, m.qmsum].flatMap((ref) =>
          ref ? [rouge(content(text), content(ref))] : [],
        ),
        actions: scored && {
          p: scored.precision,
          r: scored.recall,
          matched: scored.matched,
          items: notes.actionItems.length,
          refs: m.actions!.length,
        },
        subject: named.length > 0,
        subjectWords: [...new Set(named)],
        repeats: system === 'first-N' ? 0 : repeatedKeyPoints(keyPointsOf(notes.summary)),
        words: rougeTokens(text).length,
        ms,
        notes,
      });
    }
  }

  console.log('\n== Summary ROUGE F1 (lowercase tokens, no stemming) ==');
  console.log(
    'meeting        system      words | AMI R1  R2    RL    | QMSum R1 R2    RL    | subject named     | rep | ms',
  );
  for (const r of rows) {
    const a = r.ami ? `${f3(r.ami.r1)} ${f3(r.ami.r2)} ${f3(r.ami.rl)}` : '  -     -     -  ';
    console.log(
      `${r.meeting.padEnd(14)} ${r.system.padEnd(11)} ${String(r.words).padStart(5)} | ${a} | ${f3(r.qmsum.r1)}    ${f3(r.qmsum.r2)} ${f3(r.qmsum.rl)} | ${(r.subject ? `yes (${r.subjectWords.slice(0, 3).join(',')})` : 'no').padEnd(17)} | ${String(r.repeats).padStart(3)} | ${r.ms.toFixed(1)}`,
    );
  }
  console.log('\n== Means per system ==');
  for (const system of new Set(rows.map((r) => r.system))) {
    const rs = rows.filter((r) => r.system === system);
    const withAmi = rs.filter((r) => r.ami);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
    const acts = rs.filter((r) => r.actions);
    const matched = acts.reduce((a, r) => a + r.actions!.matched, 0);
    const items = acts.reduce((a, r) => a + r.actions!.items, 0);
    const refs = acts.reduce((a, r) => a + r.actions!.refs, 0);
    console.log(
      `${system.padEnd(11)} AMI (n=${withAmi.length}) R1 ${f3(mean(withAmi.map((r) => r.ami!.r1)))} R2 ${f3(mean(withAmi.map((r) => r.ami!.r2)))} RL ${f3(mean(withAmi.map((r) => r.ami!.rl)))}` +
        ` | QMSum (n=${rs.length}) R1 ${f3(mean(rs.map((r) => r.qmsum.r1)))} R2 ${f3(mean(rs.map((r) => r.qmsum.r2)))} RL ${f3(mean(rs.map((r) => r.qmsum.rl)))}` +
        ` | actions P ${pct(items ? matched / items : 0)}% R ${pct(refs ? matched / refs : 0)}% (${matched}/${items} items, ${matched}/${refs} refs)` +
        ` | subject named ${rs.filter((r) => r.subject).length}/${rs.length} | repeated key points ${rs.reduce((a, r) => a + r.repeats, 0)}` +
        ` | ${f3(mean(rs.map((r) => r.ms)) / 1000)} s/meeting`,
    );
  }
  const fresh = rows.filter((r) => r.system === 'new');
  const old = rows.filter((r) => r.system === 'today (v0)');
  const r2 = (rs: Row[]) =>
    rs.reduce((a, r) => a + (r.ami ? r.ami.r2 : 0) + r.qmsum.r2, 0) /
    rs.reduce((a, r) => a + (r.ami ? 1 : 0) + 1, 0);
  console.log(
    `\nROUGE-2 over all references: new ${f3(r2(fresh))} / today ${f3(r2(old))} = ${(r2(fresh) / r2(old)).toFixed(2)}x`,
  );
  // Without stop words: what the notes share with the references in words that carry meaning, so
  // a wording that only adds 'the' or 'the group' (as the abstracts are written) gains nothing.
  const onContent = (rs: Row[], k: 'r1' | 'r2') =>
    rs.flatMap((r) => r.content.map((c) => c[k])).reduce((a, b) => a + b, 0) /
    (rs.flatMap((r) => r.content).length || 1);
  console.log(
    `Content words over all references: ROUGE-1 new ${f3(onContent(fresh, 'r1'))} / today ${f3(onContent(old, 'r1'))}, ROUGE-2 new ${f3(onContent(fresh, 'r2'))} / today ${f3(onContent(old, 'r2'))} = ${(onContent(fresh, 'r2') / onContent(old, 'r2')).toFixed(2)}x`,
  );

  // Leave-one-out: the action-item confidence floor is picked on the other reference meetings
  // (best F1 there, ties to the lower floor) and only then scored on the held-out one.
  const withRefs = meetings.filter((m) => m.actions);
  const floors = Array.from({ length: 13 }, (_, k) => Math.round((0.3 + 0.05 * k) * 100) / 100);
  const scoreAt = (m: Meeting, floor: number) =>
    scoreActions(
      extractRuleBasedActionItems(sentencesOf(m.transcript), floor).map((a) => ({
        owner: a.assignedTo,
        text: `${a.title} ${/^Due ([^.]+)\./.exec(a.description)?.[1] ?? ''}`,
      })),
      m.actions!,
    );
  let looMatched = 0;
  let looItems = 0;
  let looRefs = 0;
  console.log(`\n== Action items, leave-one-out floor (default ${MIN_CONFIDENCE}) ==`);
  for (const held of withRefs) {
    const train = withRefs.filter((m) => m !== held);
    let best = floors[0]!;
    let bestF = -1;
    for (const floor of floors) {
      let tp = 0;
      let items = 0;
      let refs = 0;
      for (const m of train) {
        const s = scoreAt(m, floor);
        tp += s.matched;
        items += s.precision ? s.matched / s.precision : 0;
        refs += m.actions!.length;
      }
      const p = items ? tp / items : 0;
      const r = refs ? tp / refs : 0;
      const f = p + r ? (2 * p * r) / (p + r) : 0;
      if (f > bestF + 1e-9) {
        bestF = f;
        best = floor;
      }
    }
    const s = scoreAt(held, best);
    const items = s.precision ? Math.round(s.matched / s.precision) : 0;
    looMatched += s.matched;
    looItems += items;
    looRefs += held.actions!.length;
    console.log(
      `${held.name}: floor ${best} (picked on ${train.map((m) => m.name).join(', ')}, F1 ${bestF.toFixed(2)}) → P ${pct(s.precision)}% R ${pct(s.recall)}% (${s.matched}/${items} items, ${s.matched}/${held.actions!.length} refs)`,
    );
  }
  console.log(
    `pooled leave-one-out: P ${pct(looItems ? looMatched / looItems : 0)}% R ${pct(looRefs ? looMatched / looRefs : 0)}%`,
  );

  // Leave-one-out for the summary's one length threshold, the longest key point: picked for the
  // best pooled ROUGE-2 on the other meetings' references, then scored on the held-out one.
  const maxWords = [25, 30, 35, 40, 50];
  const r2At = (m: Meeting, max: number) => {
    const sentences = sentencesOf(m.transcript);
    const md = summaryMarkdown(
      summarizeSentences(sentences, undefined, max),
      extractRuleBasedActionItems(sentences),
    );
    const text = plain(md);
    return [...(m.ami ? [rouge(text, m.ami).r2] : []), rouge(text, m.qmsum).r2];
  };
  const table = new Map(meetings.map((m) => [m, new Map(maxWords.map((w) => [w, r2At(m, w)]))]));
  const pooled = (ms: Meeting[], w: number) => {
    const xs = ms.flatMap((m) => table.get(m)!.get(w)!);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  console.log(
    `\n== Key point length, leave-one-out (default ${MAX_POINT_WORDS} words; ROUGE-2 pooled over AMI + QMSum references) ==`,
  );
  const looR2: number[] = [];
  for (const held of meetings) {
    const train = meetings.filter((m) => m !== held);
    const best = maxWords.reduce((a, w) => (pooled(train, w) > pooled(train, a) + 1e-9 ? w : a));
    const scores = table.get(held)!.get(best)!;
    looR2.push(...scores);
    console.log(
      `${held.name}: ${best} words (picked on ${train.map((m) => m.name).join(', ')}, R2 ${f3(pooled(train, best))}) → R2 ${scores.map(f3).join(' / ')}` +
        ` | at the default: ${table.get(held)!.get(MAX_POINT_WORDS)!.map(f3).join(' / ')}`,
    );
  }
  console.log(
    `pooled leave-one-out ROUGE-2: ${f3(looR2.reduce((a, b) => a + b, 0) / looR2.length)} (${(looR2.reduce((a, b) => a + b, 0) / looR2.length / r2(old)).toFixed(2)}x today)` +
      ` | by length: ${maxWords.map((w) => `${w}: ${f3(pooled(meetings, w))}`).join(', ')}`,
  );

  console.log('\n== Titles and action items (new | today) ==');
  for (const m of meetings) {
    const n = fresh.find((r) => r.meeting === m.name)!;
    const o = old.find((r) => r.meeting === m.name)!;
    console.log(`\n# ${m.name}: title new "${n.notes.title}" | today "${o.notes.title}"`);
    for (const [label, r] of [
      ['new', n],
      ['today', o],
    ] as const) {
      console.log(`  ${label} action items (${r.notes.actionItems.length}):`);
      for (const a of r.notes.actionItems) {
        console.log(`    - [${a.assignedTo ?? '-'}] ${a.title} (${a.confidence})`);
      }
    }
    if (m.actions) {
      console.log('  reference:');
      for (const a of m.actions) console.log(`    - [${a.owner}] ${a.task}`);
    }
  }
  console.log('\n== New summaries ==');
  for (const r of fresh) console.log(`\n# ${r.meeting}\n${r.notes.summary}`);
}

try {
  await main();
} finally {
  await closeLocalEngines();
}
