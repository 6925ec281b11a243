/** MCP tool `ask_meetings`: the meeting assistant's answer with citations. */
import { z } from 'zod';
import { maxText } from '@summy/core';
import { answerQuestion } from '../../services/assistant/answer-question.ts';
import { guardTool } from '../tool-guard.ts';
import { json, type McpToolContext } from './context.ts';

/** Registers `ask_meetings` (read): an answer from all or the given meetings; the call's signal stops it. */
export function registerAskMeetings({ server, db, deps, userId }: McpToolContext): void {
  server.registerTool(
    'ask_meetings',
    {
      title: 'Ask about meetings',
      description:
        "Summy's meeting assistant: an answer from the user's meetings (all, or the given ones) with numbered citations of the passages it used. A given meeting still being recorded is answered from its live draft transcript so far; its citations have live: true and the segment's seq.",
      inputSchema: {
        question: maxText(2000).min(1),
        meetingIds: z.array(z.string().uuid()).max(50).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    guardTool('ask_meetings', async ({ question, meetingIds }, extra) => {
      const answer = await answerQuestion(
        { db, env: deps.env },
        userId,
        { content: question, context: { type: 'meeting', meetingIds: meetingIds ?? [] } },
        {},
        extra.signal,
      );
      return json({
        answer: answer.response,
        model: answer.model,
        citations: answer.citations.map((c) => ({
          ref: c.ref,
          meetingId: c.meetingId,
          meetingTitle: c.meetingTitle,
          section: c.section,
          speaker: c.speaker,
          start: c.start,
          text: c.text,
          // A segment of the live draft of a meeting still recording, by its number.
          ...(c.live && { live: true, seq: c.turnIndex }),
        })),
      });
    }),
  );
}
