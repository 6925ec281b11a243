/**
 * Summary templates without a language model: each template's headings from
 * @summy/core in order, the meeting's sentences sorted into them by cue words, commitments in the
 * follow-up sections, '- Nothing picked from the transcript' for a section nothing matched; 'general' keeps its
 * layout. The meetings here are written for these tests (a stand-up, a sales call, an interview,
 * a one-on-one), not taken from any benchmark transcript.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_TEMPLATES, summaryTemplateOf, type SummaryTemplateId } from '@summy/core';
import { summaryPrompt } from '../ai-sdk/prompts.ts';
import { createOfflineTextModel } from './model.ts';
import { sectionBudget } from './templates.ts';

const STAND_UP =
  "Speaker 1: Morning everyone, let's do the stand-up. Dana, you go first.\n\nSpeaker 2: Yesterday I finished the password reset flow and merged it into main. Today I'm going to write the end-to-end tests for the reset emails. I'm blocked on the staging mail server though, it has been down since Monday.\n\nSpeaker 1: Okay, I can ask ops about the mail server after this.\n\nSpeaker 3: I reviewed Sam's pull request for the billing page and fixed two bugs in the invoice export. Today I will start on the currency conversion for invoices. No blockers for me.\n\nSpeaker 4: I spent most of yesterday investigating the slow dashboard queries. The report query takes twelve seconds on large accounts. Today I'm continuing with the index changes, but I'm waiting on a database snapshot from the data team.\n\nSpeaker 1: Thanks everyone. Let's keep it short, see you tomorrow.";

const SALES_CALL =
  "Speaker 1: Thanks for taking the time today. Could you tell me a bit about how your team handles onboarding right now?\n\nSpeaker 2: Sure. We currently use spreadsheets and a lot of email. We need a way to track every new hire's paperwork in one place. It is important for us that it integrates with our payroll system.\n\nSpeaker 1: Our platform connects to the major payroll providers out of the box, and the checklist templates cover the paperwork.\n\nSpeaker 2: Honestly, my main concern is the price. The last tool we looked at was too expensive for a team our size. We also already pay for an HR suite, so I'm not sure we need another system.\n\nSpeaker 1: That's fair. Pricing is eight dollars per user per month on the annual plan, and we can offer a fifteen percent discount for a two year contract.\n\nSpeaker 2: What about security? Our legal team will want to see the compliance documents before any contract.\n\nSpeaker 1: I will send you our security whitepaper and the SOC 2 report by Friday. We can also set up a free thirty day pilot for your HR team.\n\nSpeaker 2: That sounds good. I'll share the pilot with our HR lead and we can schedule a follow-up call next week.";

const INTERVIEW =
  "Speaker 1: Thanks for joining us. Could you walk us through your background?\n\nSpeaker 2: Of course. I have six years of experience as a backend engineer. I currently work at a logistics company where I lead a team of four. Before that I worked at a bank on their payments platform.\n\nSpeaker 1: What was the most complex system you built there?\n\nSpeaker 2: I designed and shipped a new routing service that reduced delivery costs by twelve percent. I also automated our deployment pipeline, which cut release time from a day to an hour.\n\nSpeaker 3: How much have you worked with distributed databases?\n\nSpeaker 2: To be honest, I have not worked with distributed databases in production. I have only used them in side projects.\n\nSpeaker 1: Okay, thanks. That's all our questions.\n\nSpeaker 3: I thought her system design answers were really strong and clearly structured.\n\nSpeaker 1: Agreed, she was impressive on the routing work. My concern is the lack of experience with distributed databases, since our core product depends on them.\n\nSpeaker 3: I would still recommend moving her to the next round with a focused database interview.";

const ONE_ON_ONE =
  "Speaker 1: Hey, how are you doing this week?\n\nSpeaker 2: Honestly a bit tired. The release week was stressful and I worked late most evenings. The weekend helped though.\n\nSpeaker 1: I hear you, thank you for pushing through the release. The way you handled the rollback on Tuesday was great work, really calm and clear.\n\nSpeaker 2: Thanks, I appreciate that.\n\nSpeaker 1: One thing I noticed is that the status updates in the channel were sometimes late. It would help if you posted a short update every morning during incidents.\n\nSpeaker 2: That makes sense, I can do that.\n\nSpeaker 1: Let's talk about your goals. Last time you mentioned you want to grow towards a tech lead role.\n\nSpeaker 2: Yes. I would like to get more experience with architecture decisions and mentoring junior developers.\n\nSpeaker 1: There is a good opportunity on the search project. You could lead the design review and mentor Priya on the indexing work.\n\nSpeaker 2: I'd love that. I will draft the design review agenda by next Wednesday.\n\nSpeaker 1: Great. I'll also look into a leadership training course for you and send you the details.";

async function summarize(transcript: string, template: string): Promise<string> {
  return (await createOfflineTextModel().summarize({ transcript, meetingTitle: '', template }))
    .summary;
}

/** The bullets under one heading. */
function section(summary: string, heading: string): string {
  const start = summary.indexOf(`## ${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = summary.slice(start + heading.length + 4);
  const end = rest.indexOf('\n## ');
  return end < 0 ? rest : rest.slice(0, end);
}

const headingsOf = (summary: string) => summary.match(/^## .+$/gm);

describe('offline summary templates', () => {
  it("writes each template's headings, in order", async () => {
    for (const t of SUMMARY_TEMPLATES.filter((t) => t.id !== 'general')) {
      expect(headingsOf(await summarize(STAND_UP, t.id))).toEqual(
        t.sections.map((s) => `## ${s.heading}`),
      );
    }
    // 'general', and a name no template has, keep the general layout.
    for (const id of ['general', 'retro']) {
      expect(headingsOf(await summarize(STAND_UP, id))?.[0]).toBe('## Overview');
    }
  });

  it('sorts a stand-up into done, next and blocked', async () => {
    const summary = await summarize(STAND_UP, 'stand-up');
    expect(section(summary, 'Yesterday')).toMatch(/finished the password reset flow/);
    expect(section(summary, 'Today')).toMatch(/continuing with the index changes/);
    expect(section(summary, 'Blockers')).toMatch(/blocked on the staging mail server/);
    expect(section(summary, 'Yesterday')).not.toMatch(/blocked/);
  });

  it('sorts a sales call into needs, objections, pricing and next steps', async () => {
    const summary = await summarize(SALES_CALL, 'sales-call');
    expect(section(summary, 'Customer needs')).toMatch(/spreadsheets/);
    expect(section(summary, 'Objections')).toMatch(/concern is the price/);
    expect(section(summary, 'Pricing and terms')).toMatch(/eight dollars per user per month/);
    // Commitments with their owners and dates.
    expect(section(summary, 'Next steps')).toMatch(
      /\*\*Speaker 1:\*\* Send you our security whitepaper and the SOC 2 report \(by Friday\)/,
    );
  });

  it('sorts an interview into background, strengths, concerns and the recommendation', async () => {
    const summary = await summarize(INTERVIEW, 'interview');
    expect(section(summary, 'Candidate')).toMatch(/six years of experience/);
    expect(section(summary, 'Strengths')).toMatch(/reduced delivery costs/);
    expect(section(summary, 'Concerns')).toMatch(/lack of experience with distributed databases/);
    expect(section(summary, 'Recommendation')).toMatch(/next round/);
    // Without a stated verdict, none is invented.
    const undecided = await summarize(
      INTERVIEW.replace(/\n\nSpeaker 3: I would still recommend[^\n]*$/, ''),
      'interview',
    );
    expect(section(undecided, 'Recommendation').trim()).toBe(
      'No recommendation was picked from the transcript.',
    );
  });

  it('sorts a one-on-one into check-in, feedback, growth and follow-ups', async () => {
    const summary = await summarize(ONE_ON_ONE, 'one-on-one');
    expect(section(summary, 'Check-in')).toMatch(/tired/);
    expect(section(summary, 'Feedback')).toMatch(/rollback on Tuesday was great work/);
    expect(section(summary, 'Growth')).toMatch(/architecture decisions and mentoring/);
    expect(section(summary, 'Follow-ups')).toMatch(/Draft the design review agenda/);
  });

  it('says nothing was picked for a section nothing matched', async () => {
    const summary = await summarize(
      'Speaker 1: The new office has a bright kitchen with a large window.\n\nSpeaker 2: The plants near the window grow quickly in summer.',
      'stand-up',
    );
    expect(section(summary, 'Blockers').trim()).toBe('- Nothing picked from the transcript');
  });

  it('keeps more bullets for longer meetings, within 2 to 5', () => {
    expect(sectionBudget(10)).toBe(2);
    expect(sectionBudget(10_000)).toBe(5);
    expect(sectionBudget(400)).toBeGreaterThanOrEqual(sectionBudget(40));
  });
});

describe('summary prompt per template', () => {
  it("asks the language model for the template's sections", () => {
    const ids: SummaryTemplateId[] = [
      'general',
      'one-on-one',
      'stand-up',
      'interview',
      'sales-call',
    ];
    for (const id of ids) {
      const { system } = summaryPrompt({
        transcript: 'Speaker 1: Hi.',
        meetingTitle: '',
        template: id,
      });
      for (const s of summaryTemplateOf(id).sections) expect(system).toContain(`"## ${s.heading}"`);
      expect(system).not.toContain('Adapt the content');
    }
    expect(
      summaryPrompt({ transcript: '', meetingTitle: '', template: 'stand-up' }).system,
    ).not.toContain('## Key points');
    // A free name (the text worker endpoint's `template`) is a hint on the general layout.
    expect(summaryPrompt({ transcript: '', meetingTitle: '', template: 'retro' }).system).toContain(
      'Adapt the content to a "retro" meeting.',
    );
  });
});
