import { User } from 'lucide-react';

/**
 * The person an item is assigned to, as a grey chip (a to-do's row, a meeting's action item).
 * Screen readers hear 'Assigned to {name}'.
 */
export function AssigneeChip({ name }: { name: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
      <User className="size-3" aria-hidden="true" />
      <span className="sr-only">Assigned to </span>
      {name}
    </span>
  );
}
