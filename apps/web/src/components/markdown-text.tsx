/**
 * Markdown rendered safely, for meeting summaries and assistant answers: links only with the
 * schemes http, https, irc, ircs, mailto and xmpp, and images never loaded.
 */
import type { Element, ElementContent, Root } from 'hast';
import { ImageIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/utils';

/** Attribute (hast property name) marking a link that stands for a markdown image. */
const IMAGE_LINK = 'dataMarkdownImage';

/**
 * Rehype plugin: no markdown image is ever loaded (`![x](http://elsewhere/ track.png?leak=...)` in
 * a summary or an answer was fetched by the browser, a leak channel once a model can be steered by
 * a transcript). Summy stores no images, so every image, whatever its origin, becomes a link to its
 * URL labelled with its alt text (the URL when there is none); an image already inside a link
 * becomes its alt text, as links cannot nest. The link's href still passes `urlTransform`
 * afterwards.
 */
function rehypeImagesAsLinks() {
  const rewrite = (children: ElementContent[], inLink: boolean): ElementContent[] =>
    children.map((child) => {
      if (child.type !== 'element') return child;
      if (child.tagName !== 'img') {
        child.children = rewrite(child.children, inLink || child.tagName === 'a');
        return child;
      }
      const src = typeof child.properties.src === 'string' ? child.properties.src : '';
      const alt = typeof child.properties.alt === 'string' ? child.properties.alt.trim() : '';
      const label = alt || src || 'Image';
      if (inLink) return { type: 'text', value: label };
      const link: Element = {
        type: 'element',
        tagName: 'a',
        properties: { href: src, [IMAGE_LINK]: '' },
        children: [{ type: 'text', value: label }],
      };
      return link;
    });
  return (tree: Root) => {
    tree.children = tree.children.map((child) =>
      child.type === 'doctype' ? child : rewrite([child], false)[0]!,
    );
  };
}

// Tailwind has no typography plugin here, so each element gets its own reading styles.
const components: Components = {
  h1: ({ node: _node, className, ...props }) => (
    <h2
      className={cn('mt-8 mb-3 text-xl font-semibold tracking-tight first:mt-0', className)}
      {...props}
    />
  ),
  h2: ({ node: _node, className, ...props }) => (
    <h3
      className={cn('mt-7 mb-2.5 text-lg font-semibold tracking-tight first:mt-0', className)}
      {...props}
    />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h4 className={cn('mt-6 mb-2 text-base font-semibold first:mt-0', className)} {...props} />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h5 className={cn('mt-5 mb-2 text-sm font-semibold first:mt-0', className)} {...props} />
  ),
  h5: ({ node: _node, className, ...props }) => (
    <h6 className={cn('mt-4 mb-1.5 text-sm font-semibold first:mt-0', className)} {...props} />
  ),
  h6: ({ node: _node, className, ...props }) => (
    <h6
      className={cn('mt-4 mb-1.5 text-sm font-medium text-muted-foreground first:mt-0', className)}
      {...props}
    />
  ),
  p: ({ node: _node, className, ...props }) => (
    <p className={cn('my-3 leading-7 first:mt-0 last:mb-0', className)} {...props} />
  ),
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={cn(
        'my-3 list-disc space-y-1.5 pl-6 marker:text-muted-foreground/70',
        'has-[input]:list-none has-[input]:pl-1',
        className,
      )}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      className={cn('my-3 list-decimal space-y-1.5 pl-6 marker:text-muted-foreground', className)}
      {...props}
    />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li className={cn('pl-1 leading-7 [&>ol]:my-1.5 [&>ul]:my-1.5', className)} {...props} />
  ),
  a: ({ node: _node, className, href, children, ...props }) => {
    const image = 'data-markdown-image' in props;
    return (
      <a
        // A link whose scheme was refused comes back with an empty href: drop it entirely so the
        // text stays but nothing is followed, not even the current page.
        href={href || undefined}
        target={href ? '_blank' : undefined}
        rel={href ? 'noopener noreferrer' : undefined}
        className={cn(
          href
            ? 'font-medium text-brand-soft-foreground underline decoration-brand/40 underline-offset-4 hover:decoration-brand'
            : 'text-foreground',
          className,
        )}
        {...props}
      >
        {image && (
          <ImageIcon className="mr-1 inline size-[1em] align-[-0.125em]" aria-hidden="true" />
        )}
        {children}
      </a>
    );
  },
  strong: ({ node: _node, className, ...props }) => (
    <strong className={cn('font-semibold text-foreground', className)} {...props} />
  ),
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      className={cn('my-4 border-l-2 border-brand/50 pl-4 text-muted-foreground italic', className)}
      {...props}
    />
  ),
  hr: ({ node: _node, className, ...props }) => (
    <hr className={cn('my-6 border-border', className)} {...props} />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn(
        'rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] [pre_&]:bg-transparent [pre_&]:p-0',
        className,
      )}
      {...props}
    />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      className={cn(
        'my-4 overflow-x-auto rounded-lg border bg-muted/50 p-4 text-sm leading-6',
        className,
      )}
      {...props}
    />
  ),
  table: ({ node: _node, className, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg border">
      <table className={cn('w-full border-collapse text-sm', className)} {...props} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th
      className={cn(
        'border-b bg-muted/50 px-3 py-2 text-left font-medium [&[align=center]]:text-center [&[align=right]]:text-right',
        className,
      )}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td
      className={cn(
        'border-b px-3 py-2 align-top [tr:last-child_&]:border-b-0 [&[align=center]]:text-center [&[align=right]]:text-right',
        className,
      )}
      {...props}
    />
  ),
  input: ({ node: _node, className, ...props }) => (
    <input className={cn('mr-2 size-3.5 translate-y-0.5 accent-brand', className)} {...props} />
  ),
  // Never reached (rehypeImagesAsLinks turns every image into a link or text): a safety net that
  // loads nothing should an image get through.
  img: ({ alt }) => <span>{alt}</span>,
};

/**
 * What one line of Markdown may hold when shown inline (a bullet of the written notes): text,
 * emphasis, code and links. Anything else (headings, lists, tables, quotes) keeps only its text.
 */
const INLINE_ELEMENTS = ['p', 'a', 'strong', 'em', 'del', 'code', 'br'];

// Inline, a paragraph is the line itself: no block of its own, no margins.
const inlineComponents: Components = {
  ...components,
  p: ({ node: _node, children }) => <>{children}</>,
};

/** Props of {@link MarkdownText}. */
export interface MarkdownTextProps extends Pick<ComponentProps<'div'>, 'className'> {
  /** Markdown text (GitHub flavoured). */
  markdown: string;
  /**
   * Renders the text as a run of inline content in a `<span>` (for one line inside a list item),
   * keeping only text, emphasis, code and links; block elements are reduced to their text.
   */
  inline?: boolean;
}

/**
 * Renders markdown safely: raw HTML in the text is dropped (`skipHtml`), images are shown as links
 * and never loaded (rehypeImagesAsLinks), and link URLs pass react-markdown's
 * `defaultUrlTransform`, which keeps relative URLs and the schemes http, https, irc, ircs, mailto
 * and xmpp (case-insensitive) and empties every other one. Links open in a new tab without access
 * to this page (`rel="noopener noreferrer"`).
 */
export function MarkdownText({ markdown, className, inline = false }: MarkdownTextProps) {
  const content = (
    <Markdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeImagesAsLinks]}
      skipHtml
      urlTransform={defaultUrlTransform}
      components={inline ? inlineComponents : components}
      allowedElements={inline ? INLINE_ELEMENTS : undefined}
      unwrapDisallowed={inline}
    >
      {markdown}
    </Markdown>
  );
  if (inline) return <span className={cn('break-words', className)}>{content}</span>;
  return (
    <div className={cn('text-[15px] break-words text-foreground/90', className)}>{content}</div>
  );
}
