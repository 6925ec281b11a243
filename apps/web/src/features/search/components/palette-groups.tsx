/**
 * The palette's result groups (Meetings, To-dos, Contacts, Chats): one row per hit, the matched
 * words marked, each row opening its {@link PaletteTarget}.
 */
import { Command } from 'cmdk';
import { CheckCircle2, Circle, FileText, MessageSquare, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPlaybackTime, type SearchResults } from '@summy/core';
import { formatDate } from '@/lib/date-format';
import type { PaletteTarget } from '../utils/palette-targets';
import { Highlighted } from './highlighted-text';

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';

function Row({
  value,
  icon,
  children,
  onSelect,
}: {
  value: string;
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
}) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClass}>
      <span className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">{children}</span>
    </Command.Item>
  );
}

/** What a meeting hit's second line says about where it matched. */
function whereLabel(hit: SearchResults['meetings'][number]): string {
  const date = formatDate(new Date(hit.date), 'EEE, MMM d, yyyy');
  if (hit.section === 'summary') return `${date} · Summary`;
  if (hit.section === 'transcript') {
    const at = hit.start != null ? ` · ${formatPlaybackTime(hit.start)}` : '';
    return `${date} · ${hit.speaker ?? 'Transcript'}${at}`;
  }
  return date;
}

/** Props of {@link PaletteGroups}. */
export interface PaletteGroupsProps {
  results: SearchResults;
  /** The rows' targets, as `resultTargets(results)` lists them. */
  targets: readonly PaletteTarget[];
  onChoose: (target: PaletteTarget) => void;
}

/** The non-empty result groups, in the palette's order. */
export function PaletteGroups({ results, targets, onChoose }: PaletteGroupsProps) {
  const byValue = new Map(targets.map((t) => [t.value, t]));
  const open = (value: string) => () => {
    const target = byValue.get(value);
    if (target) onChoose(target);
  };
  return (
    <>
      {results.meetings.length > 0 && (
        <Command.Group heading="Meetings">
          {results.meetings.map((m) => (
            <Row
              key={m.id}
              value={`meeting:${m.id}`}
              icon={<FileText />}
              onSelect={open(`meeting:${m.id}`)}
            >
              <Highlighted value={m.title} className="truncate font-medium" />
              <span className="truncate text-xs text-muted-foreground">{whereLabel(m)}</span>
              {m.snippet && (
                <Highlighted
                  value={m.snippet}
                  className="line-clamp-2 text-xs leading-relaxed text-foreground/80"
                />
              )}
            </Row>
          ))}
        </Command.Group>
      )}
      {results.todos.length > 0 && (
        <Command.Group heading="To-dos">
          {results.todos.map((t) => (
            <Row
              key={t.id}
              value={`todo:${t.id}`}
              icon={t.completed ? <CheckCircle2 /> : <Circle />}
              onSelect={open(`todo:${t.id}`)}
            >
              <Highlighted
                value={t.title}
                className={t.completed ? 'truncate text-muted-foreground line-through' : 'truncate'}
              />
            </Row>
          ))}
        </Command.Group>
      )}
      {results.contacts.length > 0 && (
        <Command.Group heading="Contacts">
          {results.contacts.map((c) => (
            <Row
              key={c.id}
              value={`contact:${c.id}`}
              icon={<UserRound />}
              onSelect={open(`contact:${c.id}`)}
            >
              <span className="flex min-w-0 items-baseline gap-2">
                {c.name && <Highlighted value={c.name} className="truncate font-medium" />}
                <Highlighted value={c.email} className="truncate text-xs text-muted-foreground" />
              </span>
            </Row>
          ))}
        </Command.Group>
      )}
      {results.chats.length > 0 && (
        <Command.Group heading="Chats">
          {results.chats.map((c) => (
            <Row
              key={c.id}
              value={`chat:${c.id}`}
              icon={<MessageSquare />}
              onSelect={open(`chat:${c.id}`)}
            >
              <Highlighted value={c.title} className="truncate" />
              <span className="truncate text-xs text-muted-foreground">
                {formatDate(new Date(c.createdAt), 'EEE, MMM d, yyyy')}
              </span>
              {c.snippet && (
                <Highlighted value={c.snippet} className="truncate text-xs text-foreground/80" />
              )}
            </Row>
          ))}
        </Command.Group>
      )}
    </>
  );
}
