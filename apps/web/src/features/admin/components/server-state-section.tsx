/**
 * Settings > Administration > Server: the version, the database (embedded PGlite or PostgreSQL,
 * migrations), the storage of recordings (local disk or S3, objects and size), the job queues
 * (waiting, running, failed) and the installed models.
 */
import type { ServerState } from '@summy/core';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useServerState } from '../api/get-server-state';
import { formatBytes, plural } from '../utils/admin-format';

/** The server block. */
export function ServerStateSection() {
  const state = useServerState();
  if (state.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading the server’s state…
      </p>
    );
  if (state.isError)
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Failed to load the server’s state</p>
        <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
          Retry
        </Button>
      </div>
    );
  return <ServerStateList state={state.data} />;
}

/** The facts as a description list. */
function ServerStateList({ state }: { state: ServerState }) {
  const { database, storage } = state;
  const pending = database.migrations.pending.length;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border px-3 py-2.5 text-sm">
      <Fact term="Version">{state.version}</Fact>
      <Fact term="Database">
        {database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'} ·{' '}
        {plural(database.migrations.applied, 'migration')} applied
        {pending > 0 && <span className="text-destructive"> · {pending} pending</span>}
      </Fact>
      <Fact term="Storage">
        {storage.kind === 'local' ? 'Local disk' : 'S3'} · {plural(storage.objects, 'object')} ·{' '}
        {formatBytes(storage.bytes)}
      </Fact>
      <Fact term="Queues">
        <ul className="flex flex-col gap-0.5">
          {state.queues.map((q) => (
            <li key={q.name} className="flex flex-wrap gap-x-2">
              <code className="text-xs">{q.name}</code>
              <span className="text-xs text-muted-foreground">
                {q.queued} waiting · {q.active} running · {q.failed} failed
              </span>
            </li>
          ))}
        </ul>
      </Fact>
      <Fact term="Models">
        {state.models.length === 0 ? (
          <span className="text-muted-foreground">None installed</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {state.models.map((m) => (
              <li key={m.id}>
                {m.name}{' '}
                <span className="text-xs text-muted-foreground">{formatBytes(m.sizeBytes)}</span>
              </li>
            ))}
          </ul>
        )}
      </Fact>
    </dl>
  );
}

/** One term and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
