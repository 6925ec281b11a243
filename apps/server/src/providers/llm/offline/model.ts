/**
 * The offline text model: Summy's zero-configuration default. No network, no model weights,
 * deterministic: an extractive summary with keyphrase topics, a keyphrase title, rule-based action
 * items. Speaker enhancement keeps the transcript as it is: without a language model Summy keeps
 * the labels it has rather than guess names.
 */
import { isSummaryTemplateId, OFFLINE_NOTES_ENGINE, type ActionItemSuggestion } from '@summy/core';
import {
  NoSubjectError,
  TextGenerationError,
  type GeneratedSummary,
  type TextModel,
} from '../types.ts';
import { extractRuleBasedActionItems } from './action-items.ts';
import { summaryMarkdown, topicList } from './markdown.ts';
import { summarizeSentences } from './summarize.ts';
import {
  mendInterruptedTurns,
  parseTranscript,
  transcriptSentences,
  type Sentence,
} from './text.ts';
import { templatedSummaryMarkdown } from './templates.ts';
import { heuristicTitle } from './title.ts';
import { extractKeyphrases } from './keyphrases.ts';

/** Id of the offline model in the catalog, in AI preferences and as a meeting's notes engine. */
export const OFFLINE_MODEL_ID = OFFLINE_NOTES_ENGINE;

/** The transcript's sentences as the offline model reads them: turns mended, cleaned, split. */
export function sentencesOf(transcript: string): Sentence[] {
  return transcriptSentences(mendInterruptedTurns(parseTranscript(transcript)));
}

/** Creates the offline text model. Every method is synchronous work wrapped in a promise. */
export function createOfflineTextModel(): TextModel {
  return {
    id: OFFLINE_MODEL_ID,

    /**
     * @throws TextGenerationError('title', 'empty') when the transcript has no words
     * @throws NoSubjectError when it has words but too few to name a subject
     */
    async generateTitle(transcript: string): Promise<string> {
      const sentences = sentencesOf(transcript);
      if (!sentences.length) {
        throw new TextGenerationError('title', 'empty', 'The transcript has no words');
      }
      const title = heuristicTitle(extractKeyphrases(sentences, 8), sentences);
      if (!title) throw new NoSubjectError('The transcript is too poor to name a subject');
      return title;
    },

    /**
     * Extractive summary in markdown. The 'general' template (and an unknown one) is '## Overview',
     * '## Decisions', '## Action items', '## Key points', '## Topics'; every other template has
     * its own headings with the meeting's sentences sorted into them by cue words
     * (./templates.ts).
     * @throws TextGenerationError('summary', 'empty') when the transcript has no sentence.
     */
    async summarize({ transcript, template }): Promise<GeneratedSummary> {
      const sentences = sentencesOf(transcript);
      if (sentences.length === 0) {
        throw new TextGenerationError('summary', 'empty', 'The transcript has no words');
      }
      const extract = summarizeSentences(sentences);
      const actionItems = extractRuleBasedActionItems(sentences);
      const summary =
        isSummaryTemplateId(template) && template !== 'general'
          ? templatedSummaryMarkdown(template, sentences, extract, actionItems)
          : summaryMarkdown(extract, actionItems);
      return { summary, topics: topicList(extract) };
    },

    /** Rule-based action items; an empty transcript has none. */
    async extractActionItems(transcript: string): Promise<ActionItemSuggestion[]> {
      return extractRuleBasedActionItems(sentencesOf(transcript));
    },

    /**
     * Returns the transcript unchanged: without a language model Summy keeps the labels it has.
     * @throws TextGenerationError('speakers', 'empty') for an empty transcript.
     */
    async enhanceSpeakers(transcript: string): Promise<string> {
      if (!transcript.trim()) {
        throw new TextGenerationError('speakers', 'empty', 'The transcript is empty');
      }
      return transcript;
    },
  };
}
