/**
 * The JSON shapes Summy asks the models for. Every field is required (nullable where it may be
 * empty) and there are no defaults or bounds, because OpenAI's strict structured outputs accept
 * only such schemas; ranges are enforced after parsing.
 */
import { z } from 'zod';

/** Summary with topics. */
export const summaryAnswerSchema = z.object({
  summary: z.string().describe('The summary in markdown'),
  topics: z.array(
    z.object({
      topic: z.string(),
      confidence: z.number().describe('0 to 1'),
    }),
  ),
});

/** Action items of a transcript chunk. */
export const actionItemsAnswerSchema = z.object({
  actionItems: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      assignedTo: z.string().nullable(),
      confidence: z.number().describe('0 to 1'),
    }),
  ),
});

/** Open items a transcript says are done: the item's number (from 1) and the quoted sentence. */
export const doneItemsAnswerSchema = z.object({
  done: z.array(z.object({ item: z.number().int(), evidence: z.string() })),
});

/** Names of generic speaker labels. */
export const speakerNamesAnswerSchema = z.object({
  speakers: z.array(z.object({ label: z.string(), name: z.string().nullable() })),
});

/**
 * The notes written around My notes: core `writtenNotesAnswerSchema`'s shape without its bounds
 * (citations are checked against the transcript's turns after parsing, by `checkWrittenNotes`).
 */
export const writtenNotesAnswerSchema = z.object({
  sections: z.array(
    z.object({
      heading: z.string().nullable().describe("The note heading's words; null for no heading"),
      noteRef: z.string().nullable().describe('The ref of the note heading ("n1"), or null'),
      bullets: z.array(
        z.object({
          text: z.string().describe('One line of markdown'),
          noteRef: z.string().nullable().describe('The ref of the note line it keeps, or null'),
          // No .int(): zod writes it as safe-integer bounds, which strict mode refuses.
          citations: z.array(z.number()).describe('Numbers (integers) of the transcript turns'),
          discussed: z.boolean(),
        }),
      ),
    }),
  ),
});
