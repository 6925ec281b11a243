import { useId } from 'react';
import { formatDate } from '@/lib/date-format';
import { COMING_SOON, RELEASE_NOTES, type ReleaseNote } from '../release-notes';

/**
 * Settings › What's New: each release newest first under its version heading, then what is coming.
 * Headings are h3 below the dialog's title, so screen readers can jump from version to version.
 */
export function WhatsNew() {
  const comingSoonId = useId();
  return (
    <div className="flex flex-col gap-6">
      {RELEASE_NOTES.map((release, index) => (
        <Release key={release.version} release={release} latest={index === 0} />
      ))}
      <section
        aria-labelledby={comingSoonId}
        className="flex flex-col gap-2 rounded-lg border border-dashed p-4"
      >
        <h3 id={comingSoonId} className="text-sm font-semibold">
          Coming soon
        </h3>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted-foreground marker:text-muted-foreground/60">
          {COMING_SOON.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * One release: 'v1.2.0' (with 'Latest' on the newest), its day when recorded, its theme, and its
 * highlights.
 */
function Release({ release, latest }: { release: ReleaseNote; latest: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h3 id={headingId} className="text-sm font-semibold tabular-nums">
          v{release.version}
        </h3>
        {latest && (
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-soft-foreground">
            Latest
          </span>
        )}
        {release.date && (
          <time dateTime={release.date} className="text-xs text-muted-foreground tabular-nums">
            {/* Noon local time: the same day in every time zone. */}
            {formatDate(new Date(`${release.date}T12:00:00`), 'MMM d, yyyy')}
          </time>
        )}
        <p className="text-sm text-muted-foreground">{release.title}</p>
      </div>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm marker:text-muted-foreground/60">
        {release.highlights.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
