import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/utils';

/** Props of {@link Page}. */
export interface PageProps {
  /** The visible heading. */
  heading: string;
  /** `document.title`; some are fixed (e.g. 'Tasks - Summy' under the heading 'My to-dos'). */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The frame of a screen inside the main layout: heading row, then content, with one reading width. */
export function Page({ heading, title, description, actions, children, className }: PageProps) {
  useDocumentTitle(title);
  return (
    <div
      className={cn(
        'mx-auto flex w-full max-w-5xl flex-col gap-8 px-5 py-8 md:px-10 md:py-12',
        className,
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-balance">{heading}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
