import { CALENDAR_MESSAGES, GOOGLE_MESSAGES } from '@summy/core';
import { CalendarDays, CalendarX2, RefreshCw, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Props of {@link CalendarNotice}. */
interface CalendarNoticeProps {
  icon: typeof CalendarDays;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** A centred card in place of the week grid, saying what is missing and what to do. */
function CalendarNotice({ icon: Icon, title, children, action }: CalendarNoticeProps) {
  return (
    <div className="flex flex-1 items-center justify-center rounded-xl border border-dashed bg-card/50 px-6 py-16">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <h2 className="text-base font-semibold text-balance">{title}</h2>
        <div className="flex flex-col gap-2 text-sm text-balance text-muted-foreground">
          {children}
        </div>
        {action && <div className="mt-2">{action}</div>}
      </div>
    </div>
  );
}

/** Props of the notices with a connect button. */
export interface ConnectNoticeProps {
  onConnect: () => void;
  isConnecting: boolean;
}

/**
 * Not connected: 'Connect your Google Calendar' with 'Connect Google Calendar', which reads
 * 'Connecting...' while the Google popup is open.
 */
export function NotConnectedNotice({ onConnect, isConnecting }: ConnectNoticeProps) {
  return (
    <CalendarNotice
      icon={CalendarDays}
      title="Connect your Google Calendar"
      action={
        <Button onClick={onConnect} disabled={isConnecting}>
          {isConnecting ? 'Connecting...' : 'Connect Google Calendar'}
        </Button>
      }
    >
      <p>See your week&apos;s meetings here and link recordings to the events they belong to.</p>
    </CalendarNotice>
  );
}

/**
 * Google refused the stored tokens even after a refresh: 'Authentication failed, please reconnect
 * Google Calendar' and the same connect action.
 */
export function ReconnectNotice({ onConnect, isConnecting }: ConnectNoticeProps) {
  return (
    <CalendarNotice
      icon={RefreshCw}
      title={GOOGLE_MESSAGES.reconnect}
      action={
        <Button onClick={onConnect} disabled={isConnecting}>
          {isConnecting ? 'Connecting...' : 'Reconnect Google Calendar'}
        </Button>
      }
    >
      <p>
        Google no longer accepts Summy&apos;s access to your calendar. Connect it again to see your
        week.
      </p>
    </CalendarNotice>
  );
}

/**
 * The server has no Google OAuth client: says so plainly, instead of a button that would fail.
 * The settings are for the operator (the server logs them at start-up), not the person here.
 */
export function NotConfiguredNotice() {
  return (
    <CalendarNotice icon={Settings2} title={CALENDAR_MESSAGES.notConfigured}>
      <p>{GOOGLE_MESSAGES.notSetUp}</p>
    </CalendarNotice>
  );
}

/** Props of {@link LoadFailedNotice}. */
export interface LoadFailedNoticeProps {
  onRetry: () => void;
}

/** Any other failure of the week's fetch, in the calendar's words, with a retry. */
export function LoadFailedNotice({ onRetry }: LoadFailedNoticeProps) {
  return (
    <CalendarNotice
      icon={CalendarX2}
      title={CALENDAR_MESSAGES.loadFailed}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p>{CALENDAR_MESSAGES.loadFailedDetail}</p>
    </CalendarNotice>
  );
}
