/** Column types for full-text search. */
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector` (read back as its text form; Summy only writes it through SQL). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
