/**
 * Markdown images are never loaded: every image, remote or not, is shown as a link to its URL
 * labelled with its alt text, rendered to static HTML like the other web tests.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

const render = (markdown: string) => renderToStaticMarkup(<MarkdownText markdown={markdown} />);

/** The <a> elements of the HTML: their attributes and text. */
function links(html: string): { attrs: string; text: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/g)].map((m) => ({
    attrs: m[1]!,
    text: m[2]!.replace(/<[^>]+>/g, ''),
  }));
}

describe('markdown images', () => {
  it.each([
    ['a remote image', '![tracking pixel](http://elsewhere.example:8080/track.png?leak=secret)'],
    ['a same-origin image', '![chart](/api/meetings/abc/audio-url)'],
    ['a protocol-relative image', '![x](//elsewhere.example/t.png)'],
    ['a reference image', '![logo][l]\n\n[l]: https://elsewhere.example/logo.png'],
    [
      'an image in a list and a table',
      '- ![a](https://e.example/a.png)\n\n| x |\n|---|\n| ![b](https://e.example/b.png) |',
    ],
  ])('renders %s as a link, never an <img>', (_name, markdown) => {
    const html = render(markdown);
    expect(html).not.toMatch(/<img\b/i);
    expect(html).not.toMatch(/\bsrc=/i);
    const found = links(html);
    expect(found.length).toBeGreaterThan(0);
    for (const link of found) {
      expect(link.attrs).toMatch(/href="[^"]+"/);
      expect(link.attrs).toContain('target="_blank"');
      expect(link.attrs).toContain('rel="noopener noreferrer"');
      expect(link.attrs).toContain('data-markdown-image');
    }
  });

  it('labels the link with the alt text and keeps the URL as its href', () => {
    const [link] = links(
      render('See ![the track](http://elsewhere.example/track.png?leak=1) here.'),
    );
    expect(link!.text).toBe('the track');
    expect(link!.attrs).toContain('href="http://elsewhere.example/track.png?leak=1"');
  });

  it('shows the URL when there is no alt text', () => {
    const [link] = links(render('![](https://elsewhere.example/a.png)'));
    expect(link!.text).toBe('https://elsewhere.example/a.png');
  });

  it('keeps only the alt text of an image inside a link (links cannot nest)', () => {
    const html = render('[![badge](https://elsewhere.example/b.svg)](https://example.com/ci)');
    expect(html).not.toMatch(/<img\b/i);
    const found = links(html);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toBe('badge');
    expect(found[0]!.attrs).toContain('href="https://example.com/ci"');
  });

  it('refuses an image URL with an unsafe scheme like any link', () => {
    const html = render('![x](javascript:alert(1)) and ![y](data:image/png;base64,AAAA)');
    expect(html).not.toMatch(/<img\b/i);
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain('x');
  });
});

describe('inline markdown', () => {
  const inline = (markdown: string) =>
    renderToStaticMarkup(<MarkdownText markdown={markdown} inline />);

  it('keeps emphasis, code and safe links in one span, without paragraphs', () => {
    const html = inline('The **Q3** plan, `v2`, [sheet](https://example.com/q3)');
    expect(html).toMatch(/^<span[^>]*>The <strong[^>]*>Q3<\/strong> plan, <code/);
    expect(html).toContain('href="https://example.com/q3"');
    expect(html).not.toContain('<p');
  });

  it('reduces blocks to their text and keeps the link rules', () => {
    const html = inline('# Title\n\n- item [x](javascript:alert(1)) ![i](https://e.example/i.png)');
    expect(html).not.toMatch(/<(h\d|ul|li|img|p)\b/);
    expect(html).toContain('Title');
    expect(html).toContain('item');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('href="https://e.example/i.png"');
  });
});
