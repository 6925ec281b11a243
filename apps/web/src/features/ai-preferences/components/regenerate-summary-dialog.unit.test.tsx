/**
 * 'Regenerate summary': the button only where a summary can be written again, disabled while a run
 * goes on; the dialog's selects start at the person's preferences, never on a model this server
 * cannot run, and list the unconfigured models disabled with why. Rendered to static markup (the
 * dialog's body directly: a closed Radix dialog renders no content).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aiSettingsFixture } from '../testing/settings';
import RegenerateSummary, {
  failureDetails,
  RegenerateSummaryForm,
  type RegenerateSummaryFormProps,
  type RegenerateSummaryProps,
} from './regenerate-summary-dialog';

const settings = aiSettingsFixture();

const renderForm = (props: Partial<RegenerateSummaryFormProps> = {}) =>
  renderToStaticMarkup(
    <RegenerateSummaryForm
      templates={settings.templates}
      models={settings.models}
      defaultTemplate="stand-up"
      defaultModel="openai:gpt-5-mini"
      onSubmit={() => undefined}
      onCancel={() => undefined}
      {...props}
    />,
  );

const meeting = (extra: Partial<RegenerateSummaryProps['meeting']> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  summary: '## Yesterday\n\n- Shipped the beta.',
  transcript: '[Speaker 1]: We ship on Friday.',
  isProcessing: false,
  isRecording: false,
  summaryRegenerating: false,
  summaryModel: 'GPT-5 mini',
  summaryTemplate: 'stand-up',
  summaryError: null,
  notesEngine: null,
  ...extra,
});

describe('RegenerateSummaryForm', () => {
  it("starts at the person's template and model", () => {
    const html = renderForm();
    expect(html).toMatch(/<option value="stand-up" selected="">Stand-up<\/option>/);
    expect(html).toMatch(/<option value="openai:gpt-5-mini" selected="">GPT-5 mini<\/option>/);
    expect(html).toContain('Sections: Yesterday, Today, Blockers');
  });

  it('starts at Auto when the preferred model cannot run here, and lists it disabled with why', () => {
    const html = renderForm({ defaultModel: 'anthropic:claude-sonnet-4-20250514' });
    expect(html).toMatch(/<option value="auto" selected="">Auto<\/option>/);
    expect(html).toMatch(/<option value="anthropic:claude-sonnet-4-20250514" disabled="">/);
    expect(html).toContain('ANTHROPIC_API_KEY is not set on this server');
  });

  it('offers Cancel and Regenerate, Regenerate disabled while loading or starting', () => {
    const ready = renderForm();
    expect(ready).toMatch(/<button[^>]*type="submit"[^>]*>.*Regenerate<\/button>/);
    expect(ready).not.toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(ready).toContain('Cancel');
    expect(renderForm({ loading: true })).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    const pending = renderForm({ pending: true });
    expect(pending).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(pending).toContain('aria-label="Starting"');
  });
});

describe('RegenerateSummary (the row above the summary)', () => {
  it('says which model and template wrote the summary and offers the button', () => {
    const html = renderToStaticMarkup(<RegenerateSummary meeting={meeting()} />);
    expect(html).toContain('Written by GPT-5 mini, Stand-up template');
    expect(html).toContain('Regenerate summary');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).not.toContain('disabled=""');
  });

  it('says in plain words which engine wrote the notes, offline or a named model', () => {
    const offline = renderToStaticMarkup(
      <RegenerateSummary
        meeting={meeting({
          notesEngine: { id: 'offline', label: 'Offline' },
          summaryModel: 'Offline',
          summaryTemplate: 'general',
        })}
      />,
    );
    expect(offline).toContain(
      'Notes written offline from the transcript (no language model), General template',
    );
    expect(offline).not.toContain('Written by');
    const claude = renderToStaticMarkup(
      <RegenerateSummary
        meeting={meeting({
          notesEngine: { id: 'anthropic:claude-sonnet-4-20250514', label: 'Claude Sonnet 4' },
          summaryTemplate: 'sales-call',
        })}
      />,
    );
    expect(claude).toContain('Notes by Claude Sonnet 4, Sales call template');
    // A meeting whose summary failed still says who wrote its title and action items.
    const noSummary = renderToStaticMarkup(
      <RegenerateSummary
        meeting={meeting({
          summary: null,
          notesEngine: { id: 'local:qwen3-1.7b', label: 'Qwen3 1.7B' },
        })}
      />,
    );
    expect(noSummary).toContain('Notes by Qwen3 1.7B<');
  });

  it("disables the button and says 'Regenerating summary...' while a regeneration runs", () => {
    const html = renderToStaticMarkup(
      <RegenerateSummary meeting={meeting({ summaryRegenerating: true })} />,
    );
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain('role="status"');
    expect(html).toContain('Regenerating summary...');
    expect(html).toContain('The current summary stays until the new one is ready.');
    const first = renderToStaticMarkup(
      <RegenerateSummary meeting={meeting({ summaryRegenerating: true, summary: null })} />,
    );
    expect(first).toContain('It will appear here when it is ready.');
  });

  it('says why the last regeneration failed, above the summary it kept, until the next run', () => {
    const failed = meeting({ summaryError: 'Summary generation failed: the model answered 500.' });
    const html = renderToStaticMarkup(<RegenerateSummary meeting={failed} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The summary could not be regenerated.');
    expect(html).toContain('the model answered 500. This is the earlier summary.');
    expect(html).not.toContain('Summary generation failed');
    expect(html).not.toContain('Regenerating summary...');
    const rerun = renderToStaticMarkup(
      <RegenerateSummary meeting={{ ...failed, summaryRegenerating: true }} />,
    );
    expect(rerun).not.toContain('the model answered 500');
  });

  it('offers no button without a transcript, but still says who wrote the summary', () => {
    for (const transcript of [null, '  ']) {
      const html = renderToStaticMarkup(<RegenerateSummary meeting={meeting({ transcript })} />);
      expect(html).toContain('Written by GPT-5 mini');
      expect(html).not.toContain('<button');
    }
    expect(
      renderToStaticMarkup(
        <RegenerateSummary
          meeting={meeting({ transcript: null, summaryModel: null, summaryTemplate: null })}
        />,
      ),
    ).toBe('');
  });

  it('draws nothing while recording or processing', () => {
    for (const extra of [{ isProcessing: true }, { isRecording: true }]) {
      expect(renderToStaticMarkup(<RegenerateSummary meeting={meeting(extra)} />)).toBe('');
    }
  });

  it('offers the button without a byline on an older summary', () => {
    const html = renderToStaticMarkup(
      <RegenerateSummary meeting={meeting({ summaryModel: null, summaryTemplate: null })} />,
    );
    expect(html).not.toContain('Written by');
    expect(html).toContain('Regenerate summary');
  });
});

describe('failureDetails', () => {
  it("drops the server's lead, ends the sentence, and says the summary shown is the earlier one", () => {
    expect(
      failureDetails('Summary generation failed: The AI provider answered HTTP 500', true),
    ).toBe('The AI provider answered HTTP 500. This is the earlier summary.');
    expect(failureDetails('Timed out after 300 s.', false)).toBe('Timed out after 300 s.');
    expect(failureDetails('Summary generation failed: ', true)).toBe(
      'This is the earlier summary.',
    );
  });
});
