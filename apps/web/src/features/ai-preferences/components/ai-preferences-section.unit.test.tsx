/**
 * Settings > General, the AI section: both model selects list every choice with the unconfigured
 * ones disabled and their reason written out, the template select shows its description and
 * headings, the stored choice is selected, and the loading and failed states. Rendered to static
 * markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aiSettingsFixture } from '../testing/settings';
import { AiPreferencesView, type AiPreferencesViewProps } from './ai-preferences-section';

const render = (props: Partial<AiPreferencesViewProps> = {}) =>
  renderToStaticMarkup(
    <AiPreferencesView settings={aiSettingsFixture()} onChange={() => undefined} {...props} />,
  );

/** The `<select>` labelled `label`, with its options. */
function select(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  expect(id, label).toBeDefined();
  const match = new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`).exec(html);
  expect(match, label).not.toBeNull();
  return match![0];
}

describe('AiPreferencesView', () => {
  it('lists Auto, Claude Sonnet 4, GPT-5 and GPT-5 mini for summaries and for chat', () => {
    const html = render();
    for (const label of ['Summaries and action items', 'Chat']) {
      const options = [...select(html, label).matchAll(/<option[^>]*>([^<]*)<\/option>/g)];
      expect(options.map((o) => o[1])).toEqual([
        'Auto',
        'Claude Sonnet 4 (not available)',
        'GPT-5',
        'GPT-5 mini',
      ]);
    }
  });

  it('disables an unconfigured model and writes out why, not only in a tooltip', () => {
    const html = render();
    const summary = select(html, 'Summaries and action items');
    expect(summary).toMatch(/<option value="anthropic:claude-sonnet-4-20250514" disabled="">/);
    expect(summary).not.toMatch(/<option value="openai:gpt-5" disabled/);
    expect(html).toContain('Not available on this server');
    expect(html).toContain('ANTHROPIC_API_KEY is not set on this server');
  });

  it('selects the stored choices', () => {
    const html = render({
      settings: aiSettingsFixture({
        summaryModel: 'openai:gpt-5-mini',
        chatModel: 'openai:gpt-5',
        summaryTemplate: 'interview',
      }),
    });
    expect(select(html, 'Summaries and action items')).toMatch(
      /<option value="openai:gpt-5-mini" selected="">/,
    );
    expect(select(html, 'Chat')).toMatch(/<option value="openai:gpt-5" selected="">/);
    expect(select(html, 'Summary template')).toMatch(/<option value="interview" selected="">/);
  });

  it("shows the template's description and the headings its summaries have", () => {
    const html = render({ settings: aiSettingsFixture({ summaryTemplate: 'one-on-one' }) });
    const options = [...select(html, 'Summary template').matchAll(/<option[^>]*>([^<]*)</g)];
    expect(options.map((o) => o[1])).toEqual([
      'General',
      'One-on-one',
      'Stand-up',
      'Interview',
      'Sales call',
    ]);
    expect(html).toContain(
      'Check-in, feedback given both ways, growth and career, and follow-ups.',
    );
    expect(html).toContain('Sections: Check-in, Feedback, Growth, Follow-ups');
  });

  it('warns when the stored model cannot run here, saying Auto is used instead', () => {
    const html = render({
      settings: aiSettingsFixture({ summaryModel: 'anthropic:claude-sonnet-4-20250514' }),
    });
    expect(html).toContain(
      'Claude Sonnet 4 is not available: ANTHROPIC_API_KEY is not set on this server. Auto is used instead.',
    );
  });

  it('shows the choices disabled while loading, and an error with a retry when it failed', () => {
    const loading = render({ loading: true });
    expect(loading).toContain('aria-busy="true"');
    expect(loading.match(/<select[^>]*disabled=""/g)).toHaveLength(3);
    expect(loading).not.toContain('Not available on this server');

    const failed = render({ failed: true });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Could not load the AI settings.');
    expect(failed).toContain('Try again');
  });

  it('labels every select', () => {
    const html = render();
    const selects = [...html.matchAll(/<select[^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(selects).toHaveLength(3);
    for (const id of selects) expect(html).toContain(`<label for="${id}"`);
  });
});
