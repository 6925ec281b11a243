/**
 * Markdown link filtering of the summary (links only with the schemes http, https, irc, ircs,
 * mailto and xmpp; no raw HTML), rendered to static HTML so no DOM is needed.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { MeetingSummary } from './meeting-summary';
import { MarkdownText as SummaryMarkdown } from '@/components/markdown-text';

/** Renders like a browser would once lazy parts (the markdown renderer) have loaded. */
async function renderSettled(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const render = (markdown: string) => renderToStaticMarkup(<SummaryMarkdown markdown={markdown} />);

/** The attributes of every <a> in the HTML, in order. */
function anchors(html: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map((match) => match[1]!);
}

describe('summary markdown links', () => {
  it.each([
    ['http://example.com/a'],
    ['https://example.com/b?c=d#e'],
    ['mailto:ada@example.com'],
    ['irc://irc.libera.chat/summy'],
    ['ircs://irc.libera.chat/summy'],
    ['xmpp:ada@example.com'],
    ['HTTPS://EXAMPLE.COM/upper'],
  ])('keeps %s', (url) => {
    const [attrs] = anchors(render(`See [the link](${url}).`));
    expect(attrs).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(attrs).toContain('target="_blank"');
    expect(attrs).toContain('rel="noopener noreferrer"');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(document.cookie)'],
    ['JavaScript:void(0)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:msgbox(1)'],
    ['java&#x09;script:alert(1)'],
    ['file:///etc/passwd'],
  ])('drops the href of %s but keeps the text', (url) => {
    const html = render(`Click [here](${url}) now.`);
    const [attrs] = anchors(html);
    expect(attrs).toBeDefined();
    expect(attrs).not.toContain('href');
    expect(html).toContain('here');
    expect(html.toLowerCase()).not.toContain('script:');
    expect(html).not.toContain('data:');
  });

  it('filters autolinks and reference links the same way', () => {
    const html = render(
      '<javascript:alert(1)> and [ref][x] and <https://ok.example.com>\n\n[x]: javascript:alert(2)',
    );
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).toContain('href="https://ok.example.com"');
  });

  it('keeps relative links, which cannot leave the app', () => {
    const [attrs] = anchors(render('[todos](/todos)'));
    expect(attrs).toContain('href="/todos"');
  });
});

describe('summary markdown raw HTML', () => {
  it('does not render raw HTML elements', () => {
    const html = render(
      [
        '# Notes',
        '',
        '<script>alert(1)</script>',
        '',
        'Inline <img src=x onerror="alert(1)"> and <b onclick="alert(2)">bold</b> text.',
        '',
        '<iframe src="https://evil.example.com"></iframe>',
        '',
        '<a href="javascript:alert(3)">raw link</a>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Notes');
  });

  it('renders GitHub-flavoured markdown: lists, tables, strikethrough', () => {
    const html = render('- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~');
    expect(html).toContain('<li');
    expect(html).toContain('<table');
    expect(html).toContain('<del>gone</del>');
  });
});

describe('MeetingSummary', () => {
  it("says 'No summary available' when there is none and nothing is generating", () => {
    for (const summary of [null, '', '   ']) {
      const html = renderToStaticMarkup(
        <MeetingSummary summary={summary} topics={[]} generating={false} progress={null} />,
      );
      expect(html).toContain('No summary available');
    }
  });

  it('shows the live step instead of the empty message while generating', () => {
    const html = renderToStaticMarkup(
      <MeetingSummary summary={null} topics={[]} generating progress="Summarizing" />,
    );
    expect(html).toContain('Summarizing...');
    expect(html).not.toContain('No summary available');
    const unknown = renderToStaticMarkup(
      <MeetingSummary summary={null} topics={[]} generating progress={null} />,
    );
    expect(unknown).toContain('Processing...');
  });

  it('shows topics as chips above the summary', async () => {
    const html = await renderSettled(
      <MeetingSummary
        summary="## Overview\n\nWe agreed on the plan."
        topics={[
          { topic: 'Budget', confidence: 0.9 },
          { topic: 'Hiring', confidence: 0.6 },
        ]}
        generating={false}
        progress={null}
      />,
    );
    expect(html).toContain('Budget');
    expect(html).toContain('Hiring');
    expect(html).toContain('We agreed on the plan.');
  });
});

describe('MeetingSummary while regenerating', () => {
  it('keeps the previous summary, marked busy, under the action rows', async () => {
    const html = await renderSettled(
      <MeetingSummary
        summary="## Overview\n\nThe old summary."
        topics={[]}
        generating={false}
        progress={null}
        regenerating
        action={<p role="status">Regenerating summary...</p>}
      />,
    );
    expect(html).toMatch(/^<div[^>]*><p role="status">Regenerating summary...<\/p>/);
    expect(html).toContain('The old summary.');
    expect(html).toContain('aria-busy="true"');
  });

  it('leaves out the empty message while a first summary is being written', () => {
    const html = renderToStaticMarkup(
      <MeetingSummary summary={null} topics={[]} generating={false} progress={null} regenerating />,
    );
    expect(html).not.toContain('No summary available');
  });
});
