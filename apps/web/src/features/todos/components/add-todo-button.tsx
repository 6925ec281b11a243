import { TODO_MESSAGES } from '@summy/core';
import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAddTodo } from '../hooks/use-add-todo';

/** Props of {@link AddTodoButton}: the button's look. */
export type AddTodoButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'>;

/**
 * 'Add to-do' on /todos: creates an empty to-do, which the list opens in title edit.
 */
export function AddTodoButton({ variant, size, className }: AddTodoButtonProps) {
  const { add, isPending } = useAddTodo();
  return (
    <Button variant={variant} size={size} className={className} onClick={add} disabled={isPending}>
      {isPending ? (
        <Spinner className="text-current" aria-hidden="true" />
      ) : (
        <Plus aria-hidden="true" />
      )}
      {TODO_MESSAGES.addButton}
    </Button>
  );
}
