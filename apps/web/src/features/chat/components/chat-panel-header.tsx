/** The chat panel's title bar: its heading and the New chat, move and Close buttons. */
import { Bot, PanelRight, PictureInPicture2, SquarePen, X } from 'lucide-react';
import { type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { type ChatOpenMode, type ChatPanelMode } from '../utils/panel-state';

/** Props of {@link ChatPanelHeader}. */
export interface ChatPanelHeaderProps {
  /** Id of the 'Meeting Assistant' heading, which names the panel. */
  headingId: string;
  /** In the sidebar it offers the floating window; otherwise the sidebar. */
  mode: ChatPanelMode;
  /** False while the conversation is already new: New chat is disabled. */
  canStartNew: boolean;
  onNewChat: () => void;
  onSetMode: (mode: ChatOpenMode) => void;
  onClose: () => void;
}

function HeaderButton({
  label,
  onClick,
  className,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          className={cn('text-muted-foreground hover:text-foreground', className)}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * The header: the bot mark and 'Meeting Assistant', New chat, the move between sidebar and
 * floating window (wide screens only), and Close.
 */
export function ChatPanelHeader({
  headingId,
  mode,
  canStartNew,
  onNewChat,
  onSetMode,
  onClose,
}: ChatPanelHeaderProps) {
  return (
    <header className="flex h-13 shrink-0 items-center gap-2.5 border-b pr-2 pl-4">
      <div className="flex size-7 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground">
        <Bot className="size-4" aria-hidden="true" />
      </div>
      <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold">
        Meeting Assistant
      </h2>
      <HeaderButton label="New chat" onClick={onNewChat} disabled={!canStartNew}>
        <SquarePen />
      </HeaderButton>
      {mode === 'sidebar' ? (
        <HeaderButton
          label="Move to floating window"
          onClick={() => onSetMode('floating')}
          className="hidden lg:inline-flex"
        >
          <PictureInPicture2 />
        </HeaderButton>
      ) : (
        <HeaderButton
          label="Move to sidebar"
          onClick={() => onSetMode('sidebar')}
          className="hidden lg:inline-flex"
        >
          <PanelRight />
        </HeaderButton>
      )}
      <HeaderButton label="Close" onClick={onClose}>
        <X />
      </HeaderButton>
    </header>
  );
}
