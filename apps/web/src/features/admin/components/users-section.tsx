/**
 * Settings > Administration > Users: every account with its role, e-mail, creation, last seen,
 * meetings and storage, and the actions on it: make or revoke administrator, disable or enable,
 * delete. Disable and Delete ask first; nobody is offered to disable or delete themself, and the
 * server refuses the last administrator (its sentence shows in a toast).
 */
import type { AdminUser } from '@summy/core';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authClient } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { useSetUserRole } from '../api/set-user-role';
import { formatBytes, formatDay, plural } from '../utils/admin-format';

/** A change that asks first. */
type Pending = { kind: 'disable' | 'delete'; user: AdminUser };

/** The users block. */
export function UsersSection() {
  const users = useAdminUsers();
  const [pending, setPending] = useState<Pending | null>(null);
  const selfId = authClient.useSession().data?.user.id;
  const actions = useUserActions();

  if (users.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading users…
      </p>
    );
  if (users.isError)
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Failed to load users</p>
        <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
          Retry
        </Button>
      </div>
    );
  return (
    <>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label="Users">
        {users.data.map((u) => (
          <UserRow
            key={u.id}
            user={u}
            self={u.id === selfId}
            busy={actions.busyId === u.id}
            onRole={actions.setRole}
            onEnable={actions.enable}
            onAsk={(kind) => setPending({ kind, user: u })}
          />
        ))}
      </ul>
      <ConfirmUserChange
        pending={pending}
        onClose={() => setPending(null)}
        onConfirm={actions.confirm}
      />
    </>
  );
}

/** The mutations behind the row's buttons, each with its toast. */
function useUserActions() {
  const role = useSetUserRole();
  const disabled = useSetUserDisabled();
  const remove = useDeleteUser();
  const failed = (what: string) => (err: Error) => toast.error(what, { description: err.message });
  const busyId = role.isPending
    ? role.variables.id
    : disabled.isPending
      ? disabled.variables.id
      : remove.isPending
        ? remove.variables
        : undefined;
  return {
    busyId,
    setRole: (user: AdminUser, admin: boolean) =>
      role.mutate(
        { id: user.id, role: admin ? 'admin' : 'user' },
        {
          onSuccess: () =>
            toast.success(
              admin
                ? `${user.name} is an administrator`
                : `${user.name} is no longer an administrator`,
            ),
          onError: failed('Failed to change the role'),
        },
      ),
    enable: (user: AdminUser) =>
      disabled.mutate(
        { id: user.id, disabled: false },
        {
          onSuccess: () => toast.success(`${user.name} can sign in again`),
          onError: failed('Failed to enable the account'),
        },
      ),
    confirm: ({ kind, user }: Pending) =>
      kind === 'disable'
        ? disabled.mutate(
            { id: user.id, disabled: true },
            {
              onSuccess: () => toast.success(`${user.name} is disabled`),
              onError: failed('Failed to disable the account'),
            },
          )
        : remove.mutate(user.id, {
            onSuccess: () => toast.success(`${user.name} was deleted`),
            onError: failed('Failed to delete the account'),
          }),
  };
}

/** Props of {@link UserRow}. */
interface UserRowProps {
  user: AdminUser;
  /** The signed-in administrator's own row: no Disable or Delete. */
  self: boolean;
  /** A change of this user is under way. */
  busy: boolean;
  onRole: (user: AdminUser, admin: boolean) => void;
  onEnable: (user: AdminUser) => void;
  onAsk: (kind: Pending['kind']) => void;
}

/** One user: who, their usage, and the buttons. */
function UserRow({ user: u, self, busy, onRole, onEnable, onAsk }: UserRowProps) {
  const admin = u.role === 'admin';
  return (
    <li className="flex items-start gap-2 px-3 py-2.5" aria-label={u.name}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
            <span className="truncate">{u.name}</span>
            {self && <Badge>You</Badge>}
            {admin && <Badge>Administrator</Badge>}
            {u.disabledAt && <Badge tone="warning">Disabled</Badge>}
          </span>
          <span className="truncate text-xs text-muted-foreground">{u.email}</span>
          <span className="text-xs text-muted-foreground">
            Created {formatDay(u.createdAt)} · last seen {formatDay(u.lastSeenAt)} ·{' '}
            {plural(u.meetings, 'meeting')} · {formatBytes(u.storageBytes)} stored
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onRole(u, !admin)}>
            {admin ? 'Revoke administrator' : 'Make administrator'}
          </Button>
          {u.disabledAt ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onEnable(u)}>
              Enable
            </Button>
          ) : (
            !self && (
              <Button variant="outline" size="sm" disabled={busy} onClick={() => onAsk('disable')}>
                Disable
              </Button>
            )
          )}
          {busy && <Spinner />}
        </div>
      </div>
      {!self && (
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:text-destructive"
          disabled={busy}
          onClick={() => onAsk('delete')}
          aria-label={`Delete ${u.name}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** A small label beside a name. */
function Badge({ children, tone }: { children: string; tone?: 'warning' }) {
  return (
    <span
      className={
        tone === 'warning'
          ? 'shrink-0 rounded-full bg-destructive/10 px-2 py-0.5 text-[11px] font-normal text-destructive'
          : 'shrink-0 rounded-full bg-muted px-2 py-0.5 text-[11px] font-normal text-muted-foreground'
      }
    >
      {children}
    </span>
  );
}

/** The confirmation of Disable or Delete. */
function ConfirmUserChange({
  pending,
  onClose,
  onConfirm,
}: {
  pending: Pending | null;
  onClose: () => void;
  onConfirm: (pending: Pending) => void;
}) {
  const u = pending?.user;
  const deleting = pending?.kind === 'delete';
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={deleting ? `Delete ${u?.name ?? ''}?` : `Disable ${u?.name ?? ''}?`}
      description={
        deleting
          ? `${u?.email ?? ''} and everything theirs are deleted: meetings, recordings, notes, action items, chats, keys and links. This cannot be undone.`
          : `${u?.email ?? ''} is signed out everywhere at once and cannot sign in until you enable the account again. Their data is kept.`
      }
      confirmLabel={deleting ? 'Delete user' : 'Disable'}
      destructive
      onConfirm={() => pending && onConfirm(pending)}
    />
  );
}
