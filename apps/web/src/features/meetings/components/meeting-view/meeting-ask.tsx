/**
 * Ask mode of the meeting view. The meeting assistant (spec 000 section 2 "Chat panel") arrives
 * with its own issue; until then this panel says so (issue 4 point 6: "until then the panel says
 * it is coming").
 */
import { MessageSquareText, Sparkles } from 'lucide-react';

/** What the assistant will answer, to set expectations without pretending it works yet. */
const EXAMPLES = [
  'What did we decide about the launch date?',
  'Who is following up with the design team?',
  'Summarize what Speaker 2 said about the budget.',
];

/** The 'Meeting Assistant' panel, announcing that asking questions is coming soon. */
export function MeetingAsk() {
  return (
    <section
      aria-labelledby="meeting-assistant-heading"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 py-10 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground">
        <MessageSquareText className="size-6" aria-hidden="true" />
      </div>
      <div className="flex flex-col items-center gap-2">
        <div className="flex items-center gap-2">
          <h2 id="meeting-assistant-heading" className="text-lg font-semibold tracking-tight">
            Meeting Assistant
          </h2>
          <span className="rounded-full border px-2 py-0.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
            Coming soon
          </span>
        </div>
        <p className="max-w-sm text-sm text-balance text-muted-foreground">
          Asking questions about this meeting is coming soon. The assistant will answer from the
          transcript and summary, with citations.
        </p>
      </div>
      <ul aria-label="Questions you will be able to ask" className="flex w-full flex-col gap-2">
        {EXAMPLES.map((example) => (
          <li
            key={example}
            className="flex items-center gap-2.5 rounded-xl border border-dashed px-4 py-2.5 text-left text-sm text-muted-foreground"
          >
            <Sparkles className="size-4 shrink-0 text-brand/70" aria-hidden="true" />
            {example}
          </li>
        ))}
      </ul>
    </section>
  );
}
