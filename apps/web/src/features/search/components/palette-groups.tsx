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
  const open: Opener = (value) => () => {
    const target = byValue.get(value);
    if (target) onChoose(target);
  };
  return (
    <>
      <HitGroup
        heading="Meetings"
        kind="meeting"
        hits={results.meetings}
        open={open}
        icon={() => <FileText />}
        lines={(m) => <MeetingLines hit={m} />}
      />
      <HitGroup
        heading="To-dos"
        kind="todo"
        hits={results.todos}
        open={open}
        icon={(t) => (t.completed ? <CheckCircle2 /> : <Circle />)}
        lines={(t) => (
          <Highlighted
            value={t.title}
            className={t.completed ? 'truncate text-muted-foreground line-through' : 'truncate'}
          />
        )}
      />
      <HitGroup
        heading="Contacts"
        kind="contact"
        hits={results.contacts}
        open={open}
        icon={() => <UserRound />}
        lines={(c) => (
          <span className="flex min-w-0 items-baseline gap-2">
            {c.name && <Highlighted value={c.name} className="truncate font-medium" />}
            <Highlighted value={c.email} className="truncate text-xs text-muted-foreground" />
          </span>
        )}
      />
      <HitGroup
        heading="Chats"
        kind="chat"
        hits={results.chats}
        open={open}
        icon={() => <MessageSquare />}
        lines={(c) => <ChatLines hit={c} />}
      />
    </>
  );
}

/** The select handler of the row whose value is `value`: opens that row's target. */
type Opener = (value: string) => () => void;

/**
 * One group of hits under its heading, nothing when it has none. A row's value is `{kind}:{id}`,
 * as `resultTargets` names its target; `icon` and `lines` draw the row.
 */
function HitGroup<H extends { id: string }>({
  heading,
  kind,
  hits,
  open,
  icon,
  lines,
}: {
  heading: string;
  kind: string;
  hits: readonly H[];
  open: Opener;
  icon: (hit: H) => ReactNode;
  lines: (hit: H) => ReactNode;
}) {
  if (hits.length === 0) return null;
  return (
    <Command.Group heading={heading}>
      {hits.map((hit) => (
        <Row
          key={hit.id}
          value={`${kind}:${hit.id}`}
          icon={icon(hit)}
          onSelect={open(`${kind}:${hit.id}`)}
        >
          {lines(hit)}
        </Row>
      ))}
    </Command.Group>
  );
}

/** A meeting hit: the title, where it matched (date, section, speaker, time), the snippet. */
function MeetingLines({ hit }: { hit: SearchResults['meetings'][number] }) {
  return (
    <>
      <Highlighted value={hit.title} className="truncate font-medium" />
      <span className="truncate text-xs text-muted-foreground">{whereLabel(hit)}</span>
      {hit.snippet && (
        <Highlighted
          value={hit.snippet}
          className="line-clamp-2 text-xs leading-relaxed text-foreground/80"
        />
      )}
    </>
  );
}

/** A past chat hit: the title, the day it started, the snippet. */
function ChatLines({ hit }: { hit: SearchResults['chats'][number] }) {
  return (
    <>
      <Highlighted value={hit.title} className="truncate" />
      <span className="truncate text-xs text-muted-foreground">
        {formatDate(new Date(hit.createdAt), 'EEE, MMM d, yyyy')}
      </span>
      {hit.snippet && (
        <Highlighted value={hit.snippet} className="truncate text-xs text-foreground/80" />
      )}
    </>
  );
}
