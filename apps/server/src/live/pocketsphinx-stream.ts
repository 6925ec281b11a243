/**
 * One long-lived `pocketsphinx_continuous` reading raw 16 kHz 16-bit audio on its input: it loads
 * its model once and decodes speech while it is written, and prints each utterance (the hypothesis,
 * then with `-time yes` one line per word: `word start end posterior`, times in s from the start
 * of its input, `</s>` last) as soon as its endpointer closes it. The live transcript writes the
 * speech of one channel to it (./speech-feed.ts), so text is ready about as soon as a speaker
 * pauses, instead of after a new process decoded the whole stretch.
 *
 * PocketSphinx 0.8 reads `-infile` with fopen, which cannot open the socket Node gives a child as
 * stdin, so `cat` passes the audio on through a pipe.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Word } from '@summy/core';
import { tiedCommand, watchChild, type ChildWatch } from '../audio/process.ts';
import { parsePocketsphinxWords } from '../providers/stt/offline/pocketsphinx.ts';

/** Options of {@link openPocketsphinxStream}. */
export interface PocketsphinxStreamOptions {
  /** Program; default 'pocketsphinx_continuous'. */
  command?: string;
  /** Extra arguments, e.g. another model's `-hmm`, `-lm`, `-dict`. */
  extraArgs?: string[];
}

/** `word start end posterior`: a line of `-time yes`. */
const WORD_LINE = /^(\S+) \d+(?:\.\d+)? (\d+(?:\.\d+)?) -?\d+(?:\.\d+)?(?:e-?\d+)?$/;

/** One utterance as PocketSphinx printed it. */
export interface PocketsphinxUtterance {
  /** Its words (times in s of the input), markers and fillers left out; never empty. */
  words: Word[];
  /** Where the utterance ended (s): its `</s>` marker's end, else its last word's. */
  endS: number;
}

/**
 * Reads `pocketsphinx_continuous -time yes` output as it comes: whole lines, each utterance handed
 * out at its `</s>` line (or, should one have none, when the next utterance's hypothesis line
 * comes, or at the end). Words are those of `parsePocketsphinxWords` (markers and fillers left out).
 */
export class PocketsphinxUtteranceParser {
  private partial = '';
  private words: Word[] = [];
  private endS = 0;
  private open = false;

  constructor(private readonly onUtterance: (utterance: PocketsphinxUtterance) => void) {}

  /** Some output (any split, UTF-8). */
  push(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line.trim());
  }

  /** End of output: hands out what is left. */
  end(): void {
    if (this.partial) this.line(this.partial.trim());
    this.partial = '';
    this.emit();
  }

  private line(line: string): void {
    if (!line) return;
    const word = WORD_LINE.exec(line);
    if (!word) return this.emit(); // a hypothesis line starts the next utterance
    this.open = true;
    this.words.push(...parsePocketsphinxWords(line));
    this.endS = Number(word[2]);
    if (word[1] === '</s>') this.emit();
  }

  private emit(): void {
    if (!this.open) return;
    const words = this.words;
    this.words = [];
    this.open = false;
    if (words.length > 0) this.onUtterance({ words, endS: this.endS });
  }
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/** A running PocketSphinx stream; see the module comment. */
export class PocketsphinxStream {
  private readonly watch: ChildWatch;

  constructor(
    private readonly child: Child,
    onUtterance: (utterance: PocketsphinxUtterance) => void,
  ) {
    const parser = new PocketsphinxUtteranceParser(onUtterance);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => parser.push(text));
    this.watch = watchChild(child, () => parser.end());
  }

  /** Why the process stopped early (its stderr tail or exit code), once it did. */
  get failure(): string | undefined {
    return this.watch.failure;
  }

  /** Writes 16 kHz mono samples in [-1, 1] (as 16-bit PCM); never blocks, never throws. */
  write(samples: Float32Array): void {
    if (this.failure || this.child.stdin.destroyed || samples.length === 0) return;
    const pcm = Buffer.alloc(samples.length * 2);
    for (let i = 0; i < samples.length; i++) {
      const v = Math.max(-1, Math.min(1, samples[i]!));
      pcm.writeInt16LE(Math.round(v * 32767), i * 2);
    }
    this.child.stdin.write(pcm);
  }

  /** Closes the input and waits until every utterance has been handed out and the process ended. */
  async end(): Promise<void> {
    this.child.stdin.end();
    await this.watch.closed;
  }

  /** Stops the process at once. */
  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/**
 * Starts `pocketsphinx_continuous -infile /dev/stdin -time yes` behind `cat` (tied to this
 * process's life). A missing program shows as {@link PocketsphinxStream.failure}, never a throw.
 * @param onUtterance called with each utterance (times in s of the written stream)
 */
export function openPocketsphinxStream(
  onUtterance: (utterance: PocketsphinxUtterance) => void,
  options: PocketsphinxStreamOptions = {},
): PocketsphinxStream {
  const args = ['-infile', '/dev/stdin', '-time', 'yes', '-logfn', '/dev/null'];
  const command = [
    options.command ?? 'pocketsphinx_continuous',
    ...args,
    ...(options.extraArgs ?? []),
  ];
  const script = `cat | exec ${command.map(quote).join(' ')}`;
  const child = spawn(...tiedCommand('sh', ['-c', script]), { stdio: ['pipe', 'pipe', 'pipe'] });
  return new PocketsphinxStream(child, onUtterance);
}

/** A shell word that stands for `arg` exactly. */
function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}
