import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApplePlatform, searchShortcutLabel } from '../utils/search-shortcut';

/**
 * Opens search everywhere: in the sidebar a search-box-like row with the shortcut (⌘K or Ctrl K),
 * in the narrow screens' top bar (`compact`) an icon button. The palette itself loads on demand.
 */
export function SearchButton({
  onClick,
  compact = false,
}: {
  onClick: () => void;
  compact?: boolean;
}) {
  const [shortcut] = useState(() => searchShortcutLabel(isApplePlatform(navigator.platform)));
  if (compact) {
    return (
      <Button variant="ghost" size="icon" aria-label="Search" onClick={onClick}>
        <Search className="size-5" />
      </Button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={shortcut === '⌘K' ? 'Meta+K' : 'Control+K'}
      className="flex h-9 w-full cursor-pointer items-center gap-2 rounded-md border border-sidebar-border bg-background/60 px-2.5 text-sm text-muted-foreground shadow-xs transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
    >
      <Search className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1 text-left">Search…</span>
      <kbd className="rounded border border-sidebar-border bg-muted px-1.5 py-0.5 font-mono text-[10px] leading-none text-muted-foreground">
        {shortcut}
      </kbd>
    </button>
  );
}
