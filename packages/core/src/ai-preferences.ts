/**
 * AI preferences: the summary templates with the sections each asks of a summary, the shapes of
 * `GET`/`PUT /api/settings/ai` and of `POST /api/meetings/:id/summary`. Shared by the server (the
 * prompts, the offline summariser, validation, OpenAPI) and the web app (the Settings selects and
 * the Regenerate summary dialog). No I/O here.
 */
import { z } from './zod.ts';

/** Ids of the summary templates, 'general' first (the default). */
export const SUMMARY_TEMPLATE_IDS = [
  'general',
  'one-on-one',
  'stand-up',
  'interview',
  'sales-call',
] as const;

/** A summary template id. */
export type SummaryTemplateId = (typeof SUMMARY_TEMPLATE_IDS)[number];

/** The template of a user who never chose one ('general'). */
export const DEFAULT_SUMMARY_TEMPLATE: SummaryTemplateId = 'general';

/** One section of a templated summary: its level-2 markdown heading and what belongs in it. */
export interface SummarySection {
  /** Heading text without the '## ' ('Blockers'). */
  heading: string;
  /** What the section holds, as the language model is told ('bullets, or "- None recorded"'). */
  instruction: string;
}

/** A summary template: what the selects show and the sections a summary in it has, in order. */
export interface SummaryTemplate {
  id: SummaryTemplateId;
  /** Label of the select ('Sales call'). */
  label: string;
  /** One line under the select saying what the summary will hold. */
  description: string;
  sections: readonly SummarySection[];
}

const NONE = 'or "- None recorded"';

/**
 * Every template with its sections (templates must change what the summary contains). The language
 * model is asked for exactly these headings; the offline summariser writes the same headings and
 * sorts its extracted sentences into them.
 */
export const SUMMARY_TEMPLATES: readonly SummaryTemplate[] = [
  {
    id: 'general',
    label: 'General',
    description: 'Overview, key points, decisions and next steps: fits any meeting.',
    sections: [
      { heading: 'Overview', instruction: 'two or three sentences' },
      { heading: 'Key points', instruction: 'bullets' },
      { heading: 'Decisions', instruction: `bullets, ${NONE}` },
      { heading: 'Next steps', instruction: `bullets with owners when known, ${NONE}` },
    ],
  },
  {
    id: 'one-on-one',
    label: 'One-on-one',
    description: 'Check-in, feedback given both ways, growth and career, and follow-ups.',
    sections: [
      {
        heading: 'Check-in',
        instruction: 'how each person is doing and what is on their mind, two or three sentences',
      },
      { heading: 'Feedback', instruction: `bullets: feedback given in either direction, ${NONE}` },
      {
        heading: 'Growth',
        instruction: `bullets: goals, skills, career and development discussed, ${NONE}`,
      },
      { heading: 'Follow-ups', instruction: `bullets with owners when known, ${NONE}` },
    ],
  },
  {
    id: 'stand-up',
    label: 'Stand-up',
    description: 'Per person: what was done, what comes next, and what is in the way.',
    sections: [
      {
        heading: 'Yesterday',
        instruction: `bullets: what each person finished or worked on, with their name, ${NONE}`,
      },
      {
        heading: 'Today',
        instruction: `bullets: what each person plans to do next, with their name, ${NONE}`,
      },
      {
        heading: 'Blockers',
        instruction: `bullets: what blocks or slows someone, and who can help, ${NONE}`,
      },
    ],
  },
  {
    id: 'interview',
    label: 'Interview',
    description: "The candidate's background, strengths, concerns and a recommendation.",
    sections: [
      {
        heading: 'Candidate',
        instruction: 'background, experience and the role discussed, two or three sentences',
      },
      { heading: 'Strengths', instruction: `bullets, ${NONE}` },
      { heading: 'Concerns', instruction: `bullets: gaps, risks and open questions, ${NONE}` },
      {
        heading: 'Recommendation',
        instruction:
          'one or two sentences: the recommendation if the interviewers stated one, else what remains to decide; never invent a verdict',
      },
    ],
  },
  {
    id: 'sales-call',
    label: 'Sales call',
    description: "The customer's needs, their objections, pricing and terms, and next steps.",
    sections: [
      {
        heading: 'Customer needs',
        instruction: `bullets: the problems, goals and requirements the customer named, ${NONE}`,
      },
      {
        heading: 'Objections',
        instruction: `bullets: concerns and pushback and how they were answered, ${NONE}`,
      },
      {
        heading: 'Pricing and terms',
        instruction: `bullets: prices, discounts, budgets, contract terms and timelines, ${NONE}`,
      },
      { heading: 'Next steps', instruction: `bullets with owners and dates when known, ${NONE}` },
    ],
  },
];

/** Whether a string is a template id. */
export function isSummaryTemplateId(value: unknown): value is SummaryTemplateId {
  return (SUMMARY_TEMPLATE_IDS as readonly unknown[]).includes(value);
}

/** The template of an id; an unknown id (an older or hand-written setting) is 'general'. */
export function summaryTemplateOf(id: string | null | undefined): SummaryTemplate {
  return (
    SUMMARY_TEMPLATES.find((t) => t.id === id) ??
    SUMMARY_TEMPLATES.find((t) => t.id === DEFAULT_SUMMARY_TEMPLATE)!
  );
}

/** A summary template id in a request; anything else answers 400. */
export const summaryTemplateIdSchema = z.enum(SUMMARY_TEMPLATE_IDS);

/**
 * An AI model preference as requests carry it: 'auto', or 'provider:model'. The server further
 * checks the provider and model are known and configured (400 otherwise).
 */
export const aiModelPreferenceSchema = z
  .string()
  .trim()
  .max(200, 'At most 200 characters')
  .regex(/^(?:auto|[a-z][a-z-]*:[^\s\0]+)$/, "Expected 'auto' or 'provider:model'");

/** The stored AI preferences (`user_settings.ai_preferences`; local key 'summy-ai-preferences-v1'). */
export const aiPreferencesSchema = z.object({
  /** Model for summaries and action items: 'auto' or 'provider:model'. */
  summaryModel: z.string(),
  /** Model of the meeting assistant (chat): 'auto' or 'provider:model'. */
  chatModel: z.string(),
  /** A template id (`SUMMARY_TEMPLATE_IDS`). */
  summaryTemplate: z.string(),
});
export type AiPreferences = z.infer<typeof aiPreferencesSchema>;

/** One choice of the model selects. */
export const aiModelChoiceSchema = z.object({
  /** 'auto' or 'provider:model'. */
  value: z.string(),
  /** 'Auto', 'Claude Sonnet 4', 'GPT-5', 'GPT-5 mini', or the OpenAI-compatible server's model. */
  label: z.string(),
  /** Whether this server can use it now ('auto' always can). */
  available: z.boolean(),
  /** Why not, when unavailable ('ANTHROPIC_API_KEY is not set on this server'). */
  reason: z.string().optional(),
});
export type AiModelChoice = z.infer<typeof aiModelChoiceSchema>;

/** A template as the selects show it. */
export const summaryTemplateChoiceSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
});
export type SummaryTemplateChoice = z.infer<typeof summaryTemplateChoiceSchema>;

/** Answer of `GET` and `PUT /api/settings/ai`. */
export const aiSettingsSchema = z.object({
  preferences: aiPreferencesSchema,
  models: z.array(aiModelChoiceSchema),
  templates: z.array(summaryTemplateChoiceSchema),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** Body of `PUT /api/settings/ai`: any of the three preferences; the others stay. */
export const updateAiSettingsSchema = z
  .object({
    summaryModel: aiModelPreferenceSchema,
    chatModel: aiModelPreferenceSchema,
    summaryTemplate: summaryTemplateIdSchema,
  })
  .partial()
  .strict();
export type UpdateAiSettingsInput = z.infer<typeof updateAiSettingsSchema>;

/**
 * Body of `POST /api/meetings/:id/summary`: a template and a model for this run; each absent one is
 * the user's preference.
 */
export const regenerateSummarySchema = z
  .object({
    template: summaryTemplateIdSchema,
    model: aiModelPreferenceSchema,
  })
  .partial()
  .strict();
export type RegenerateSummaryInput = z.infer<typeof regenerateSummarySchema>;
