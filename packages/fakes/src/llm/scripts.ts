/**
 * Canned answers of the fake vendors, one per text task of Summy's prompts (ai-sdk/prompts.ts),
 * recognised by the task named in the system prompt (the notes written around My notes: see
 * ./notes-script.ts). JSON tasks answer JSON, as a real model does
 * under structured output. Tests replace them with their own script where they need to.
 */
import type { FakeLlmRequest, FakeScript } from './server.ts';
import { fakeWrittenNotes, NOTES_TASK_PHRASE } from './notes-script.ts';

export { FAKE_NOTE_EXPANSION, NOTES_TASK_PHRASE } from './notes-script.ts';

/** A title longer than 50 characters, so tests see the caller cut it. */
export const FAKE_TITLE = 'Quarterly Budget Review and Mobile App Launch Timeline Planning';

/** The canned meeting-assistant answer: markdown citing sources 1 and 2. */
export const FAKE_CHAT_ANSWER =
  'The team agreed to price the remote at **25 Euros** [1]. They also wanted it to be water resistant [2][1].';

/** The canned summary markdown. */
export const FAKE_SUMMARY = [
  '## Overview',
  '',
  'The team reviewed the launch budget and agreed on the next steps.',
  '',
  '## Key points',
  '',
  '- Marketing spend is at 80% of the budget.',
  '',
  '## Decisions',
  '',
  '- The launch moves to June.',
  '',
  '## Next steps',
  '',
  '- Send the revised budget to finance.',
  '',
].join('\n');

/** The headings of the general template, which FAKE_SUMMARY has. */
const GENERAL_HEADINGS = ['Overview', 'Key points', 'Decisions', 'Next steps'];

/**
 * A summary in the headings the prompt asks for ('"## Blockers" (...)'), each section naming the
 * model that was called, so tests and e2e see which template and model reached the vendor;
 * undefined for the general template, which answers FAKE_SUMMARY.
 */
function templatedFakeSummary(req: FakeLlmRequest): string | undefined {
  const headings = [...req.system.matchAll(/"## ([^"]+)"/g)].map((m) => m[1]!);
  if (!headings.length || headings.join('|') === GENERAL_HEADINGS.join('|')) return undefined;
  return headings.map((h) => `## ${h}\n\n- ${h} as written by ${req.model}.\n`).join('\n');
}

// Every 'Speaker N' label of the transcript in the prompt, mapped to no name (keeps labels).
function speakerLabels(prompt: string): string[] {
  return [...new Set(prompt.match(/^\[?Speaker \d+\]?(?=:)/gm) ?? [])].map((l) =>
    l.replace(/[[\]]/g, ''),
  );
}

/** The default script: a plausible answer for each of Summy's text tasks. */
export const defaultFakeScript: FakeScript = (req: FakeLlmRequest) => {
  const task = req.system.toLowerCase();
  if (task.includes('meeting assistant')) return FAKE_CHAT_ANSWER;
  // The notes written around My notes: see ./notes-script.ts for what it answers.
  if (task.includes(NOTES_TASK_PHRASE)) return fakeWrittenNotes(req);
  // Following up on earlier meetings' items: none done unless a test scripts otherwise.
  if (task.includes('follow up on open action items')) return JSON.stringify({ done: [] });
  if (task.includes('action item')) {
    return JSON.stringify({
      actionItems: [
        {
          title: 'Send the revised budget to finance',
          description: 'Due Friday.',
          assignedTo: 'Speaker 1',
          confidence: 0.9,
        },
      ],
    });
  }
  if (task.includes('speaker')) {
    return JSON.stringify({
      speakers: speakerLabels(req.prompt).map((label) => ({ label, name: null })),
    });
  }
  if (task.includes('title')) return FAKE_TITLE;
  if (task.includes('summar')) {
    return JSON.stringify({
      summary: templatedFakeSummary(req) ?? FAKE_SUMMARY,
      topics: [
        { topic: 'Budget', confidence: 0.9 },
        { topic: 'Launch timeline', confidence: 0.7 },
      ],
    });
  }
  return req.wantsJson ? '{}' : 'This is an answer from the fake language model.';
};
