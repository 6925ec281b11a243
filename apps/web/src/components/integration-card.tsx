import { useId, type ReactNode } from 'react';

/** Props of {@link IntegrationCard}. */
export interface IntegrationCardProps {
  /** The integration's mark, about 20 px. */
  icon: ReactNode;
  /** Its name, the card's heading. */
  title: string;
  /** Adds the 'Connected' badge beside the name. */
  connected: boolean;
  /** One line under the name: as whom it is connected, or what connecting gives. */
  detail: ReactNode;
  /** Buttons on the right (under the text on a phone): Connect, or Configuration and Disconnect. */
  actions?: ReactNode;
  /** Anything below, such as a choice that only matters once connected. */
  children?: ReactNode;
}

/**
 * One integration in Settings › Integrations: a region named after the integration, so each block
 * has one look and assistive technology can jump between them.
 */
export function IntegrationCard({
  icon,
  title,
  connected,
  detail,
  actions,
  children,
}: IntegrationCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3"
    >
      {/* The actions share the row while the text keeps 14rem, and wrap under it otherwise. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-56 flex-1 items-start gap-3">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-background">
            {icon}
          </div>
          <div className="flex min-w-0 flex-col gap-0.5">
            <h3
              id={headingId}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium"
            >
              {title}
              {connected && (
                <span className="rounded-full bg-emerald-500/10 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
                  Connected
                </span>
              )}
            </h3>
            <p className="text-xs break-words text-muted-foreground">{detail}</p>
          </div>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
