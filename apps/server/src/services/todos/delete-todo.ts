import { and, eq } from 'drizzle-orm';
import { todos, type Database } from '@summy/db';
import { NotFoundError } from '../../errors/app-errors.ts';

/**
 * Deletes one of the user's to-dos.
 * @throws NotFoundError when the to-do does not exist or belongs to another user
 */
export async function deleteTodo(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(todos)
    .where(and(eq(todos.id, id), eq(todos.userId, userId)))
    .returning({ id: todos.id });
  if (gone.length === 0) throw new NotFoundError('To-do');
}
