/**
 * Scripted providers for pipeline tests and bench/pipeline: a speech-to-text provider that answers
 * a given transcription at once, and a text model with given answers. Each step can be made to
 * fail, to exercise the documented fallbacks.
 */
import { type ActionItemSuggestion, type Word } from '@summy/core';
import {
  NoSubjectError,
  TextGenerationError,
  type GeneratedSummary,
  type TextModel,
} from '../src/providers/llm/types.ts';
import { buildResult } from '../src/providers/stt/offline/offline-provider.ts';
import { SttError, type SttInput, type SttProvider } from '../src/providers/stt/types.ts';
import type { PipelineTools } from '../src/pipeline/tools.ts';

/** Which steps fail, and what the successful ones answer. */
export interface Script {
  words?: Word[];
  durationS?: number;
  title?: string;
  summary?: GeneratedSummary;
  actionItems?: ActionItemSuggestion[];
  enhance?: (transcript: string) => string;
  /** The title step finds no subject to name (a transcript too poor for one). */
  noSubject?: boolean;
  fail?: Partial<Record<'transcribe' | 'title' | 'summary' | 'actionItems' | 'speakers', boolean>>;
  /** Called with each transcription input (tests check the file reached the provider). */
  onTranscribe?: (input: SttInput) => void | Promise<void>;
}

/** Two speakers, one commitment: enough for every pipeline step. */
export const SAMPLE_WORDS: Word[] = 'we need to ship the budget report by friday'
  .split(' ')
  .map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.35, confidence: 0.9, speaker: 0 }))
  .concat(
    'i will send the slides tomorrow'.split(' ').map((word, i) => ({
      word,
      start: 5 + i * 0.4,
      end: 5 + i * 0.4 + 0.35,
      confidence: 0.8,
      speaker: 1,
    })),
  );

/** Pipeline tools that follow the script. */
export function scriptedTools(script: Script = {}): PipelineTools {
  const fail = script.fail ?? {};
  const stt: SttProvider = {
    id: 'offline',
    async transcribe(input) {
      await script.onTranscribe?.(input);
      if (fail.transcribe) throw new SttError('failed', 'scripted failure');
      return buildResult(script.words ?? SAMPLE_WORDS, script.durationS ?? 120);
    },
  };
  const text: TextModel = {
    id: 'scripted',
    async generateTitle() {
      if (fail.title) throw new TextGenerationError('title', 'failed', 'scripted failure');
      if (script.noSubject) throw new NoSubjectError('scripted: no subject');
      return script.title ?? 'Budget report and slides';
    },
    async summarize() {
      if (fail.summary) throw new TextGenerationError('summary', 'failed', 'scripted failure');
      return (
        script.summary ?? {
          summary: '## Overview\nThe budget report ships Friday.',
          topics: [{ topic: 'Budget', confidence: 0.9 }],
        }
      );
    },
    async extractActionItems() {
      if (fail.actionItems)
        throw new TextGenerationError('actionItems', 'failed', 'scripted failure');
      return (
        script.actionItems ?? [
          {
            title: 'Ship the budget report',
            description: 'by Friday',
            assignedTo: 'Speaker 1',
            confidence: 0.9,
          },
          {
            title: 'Send the slides',
            description: 'tomorrow',
            assignedTo: 'Speaker 2',
            confidence: 0.8,
          },
        ]
      );
    },
    async enhanceSpeakers(transcript) {
      if (fail.speakers) throw new TextGenerationError('speakers', 'failed', 'scripted failure');
      return script.enhance ? script.enhance(transcript) : transcript;
    },
  };
  return {
    stt,
    text,
    extractActionItems: (model, transcript, signal) => model.extractActionItems(transcript, signal),
  };
}
