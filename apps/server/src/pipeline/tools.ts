/**
 * What the pipeline runs with: the speech-to-text provider and the text model chosen for the user,
 * plus the action-item extraction with the documented chunking. Resolved per job so a change of
 * settings or AI preferences applies to the next meeting.
 */
import type { ActionItemSuggestion } from '@summy/core';
import type { TextModel } from '../providers/llm/types.ts';
import type { SttProvider } from '../providers/stt/types.ts';
import type { VoiceMatchPolicy } from '../services/voices/voice-match.ts';
import type { MeetingProcessJob } from '../jobs/payloads.ts';

/** The providers of one pipeline run. */
export interface PipelineTools {
  stt: SttProvider;
  text: TextModel;
  /**
   * The user's summary template id (AI preferences); 'general' when absent (scripted tools of tests
   * and benchmarks).
   */
  summaryTemplate?: string;
  /**
   * When two voiceprints of a speaker embedding model are one person (the model catalog's
   * `voiceMatch`); absent: the default policy (services/voices/voice-match.ts).
   */
  voiceMatch?: (model: string) => VoiceMatchPolicy;
  /** Single pass, then the documented chunking when it finds none; `signal` stops it. */
  extractActionItems(
    text: TextModel,
    transcript: string,
    signal?: AbortSignal,
  ): Promise<ActionItemSuggestion[]>;
}

/** Chooses the providers for a job (per user: AI preferences). */
export type ToolResolver = (job: MeetingProcessJob) => Promise<PipelineTools>;
