/**
 * The full-text side of search everywhere: a palette's words as a `tsquery` over the stems of
 * PostgreSQL's 'english' configuration (the one `meeting_passages.search` and `todos.search` are
 * built with), the last word as a prefix (`:*`), since the person is still typing it; and how many
 * of the user's passages each term can match, from `search_lexemes`
 * (docs/decisions/058-search-everywhere.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@summy/db';
import { queryRows } from '../assistant/search-passages.ts';

/** One word of the query, stemmed. */
export interface SearchTerm {
  /** The stem ('english'), or null for a stop word ('the', 'and'), which matches nothing. */
  lexeme: string | null;
  /** Matches every lexeme starting with `lexeme` (the last word). */
  prefix: boolean;
  /**
   * Passages of the user holding the term (a prefix: the sum over the lexemes it starts; a
   * passage holding two of them counts twice, so it is an upper bound).
   */
  passages: number;
}

/** The query's terms, and the `tsquery` text (for `to_tsquery('simple', …)`) that ANDs them. */
export interface SearchQuery {
  terms: SearchTerm[];
  /** Null when no term is left (stop words only): no full-text match is possible. */
  tsquery: string | null;
  /**
   * Fewest passages any term matches: an upper bound of the passages matching the whole query
   * (0: none can).
   */
  passages: number;
}

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Stems the words (already split by `searchWords`, letters and digits only) and counts the user's
 * passages per term, in one statement.
 * @param words at least one word
 */
export async function searchQuery(
  db: Database,
  userId: string,
  words: readonly string[],
): Promise<SearchQuery> {
  const last = words.length - 1;
  const rows = await queryRows<{ i: number; lexeme: string | null; passages: number | null }>(
    db,
    sql`
    with w as (
      -- A stop word alone matches nothing, but the word being typed may be the start of another
      -- ('an' of 'analysis'): the last word falls back to itself.
      select t.i, coalesce((tsvector_to_array(to_tsvector('english', t.word)))[1],
                           case when t.i = ${last + 1} then t.word end) as lexeme
      from unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) with ordinality as t(word, i)
    )
    select w.i::int as i, w.lexeme,
      case when w.lexeme is null then 0
           when w.i = ${last + 1} then (
             select coalesce(sum(l.passages), 0)::int from search_lexemes l
             where l.user_id = ${userId} and starts_with(l.lexeme, w.lexeme))
           else (
             select coalesce(max(l.passages), 0)::int from search_lexemes l
             where l.user_id = ${userId} and l.lexeme = w.lexeme)
      end as passages
    from w order by w.i`,
  );
  const terms = rows.map((r) => ({
    lexeme: r.lexeme,
    prefix: Number(r.i) === last + 1,
    passages: Number(r.passages ?? 0),
  }));
  const usable = terms.filter((t) => t.lexeme !== null);
  const tsquery = usable.length
    ? usable.map((t) => `${quote(t.lexeme!)}${t.prefix ? ':*' : ''}`).join(' & ')
    : null;
  return {
    terms,
    tsquery,
    passages: usable.length ? Math.min(...usable.map((t) => t.passages)) : 0,
  };
}
