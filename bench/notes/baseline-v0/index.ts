/**
 * FROZEN BASELINE: the offline text generator as it was before the notes rework (commit 2da6851,
 * apps/server/src/providers/llm/offline/), copied so bench/notes can print today's figures beside
 * the new generator's in the same run. Do not edit these files; they are a measurement fixture.
 */
import type { ActionItemSuggestion } from '@summy/core';
import { extractRuleBasedActionItems } from './action-items.ts';
import { summarizeSentences, summaryMarkdown } from './summarize.ts';
import { parseTranscript, transcriptSentences } from './text.ts';
import { heuristicTitle } from './title.ts';

/** What the frozen generator writes for a transcript: title, markdown summary, action items. */
export interface BaselineNotes {
  title: string;
  summary: string;
  actionItems: ActionItemSuggestion[];
}

/** Runs the frozen generator the way its model.ts did (title, summary, action items). */
export function baselineNotes(transcript: string): BaselineNotes {
  const sentences = transcriptSentences(parseTranscript(transcript));
  const forTitle = summarizeSentences(sentences, 0);
  const extract = summarizeSentences(sentences);
  const actionItems = extractRuleBasedActionItems(sentences);
  return {
    title: heuristicTitle(forTitle.topics, forTitle.central ?? sentences[0]),
    summary: summaryMarkdown(extract, actionItems),
    actionItems,
  };
}
