/**
 * The rows of the transcript list: the meeting's turns in their stored order and, when the person
 * shows them, the lines hidden as the microphone's echo of the call, placed among the turns by time
 * (docs/product.md#meeting-view).
 */
import type { CallCapture } from '@summy/core';
import type { TurnStart } from './meeting-time';

/** A line of the microphone hidden as an echo of the call (times in seconds). */
export type EchoedLine = CallCapture['echoed'][number];

/** One row of the list: a turn (by its index in the turns) or a shown echo line. */
export type TranscriptRow = { kind: 'turn'; turn: number } | { kind: 'echo'; line: EchoedLine };

/**
 * The list's rows. Without echo lines every row is a turn, row i being turn i. Each echo line goes
 * just before the first turn that starts after it (turns without a known start keep their place
 * and never take one before them); lines later than every turn go last, in time order.
 */
export function transcriptRows(
  starts: readonly (TurnStart | null)[],
  echoed: readonly EchoedLine[],
): TranscriptRow[] {
  const lines = [...echoed].sort((a, b) => a.start - b.start);
  const rows: TranscriptRow[] = [];
  let next = 0;
  starts.forEach((start, turn) => {
    while (start && next < lines.length && lines[next]!.start < start.start) {
      rows.push({ kind: 'echo', line: lines[next++]! });
    }
    rows.push({ kind: 'turn', turn });
  });
  while (next < lines.length) rows.push({ kind: 'echo', line: lines[next++]! });
  return rows;
}

/** The row of each turn (turn index to row index), for playback and citations. */
export function rowOfTurns(rows: readonly TranscriptRow[]): number[] {
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    if (row.kind === 'turn') rowOf[row.turn] = index;
  });
  return rowOf;
}

/** '1 echoed line hidden', '{n} echoed lines hidden'. */
export function echoedLinesLabel(count: number): string {
  return `${count} echoed ${count === 1 ? 'line' : 'lines'} hidden`;
}
