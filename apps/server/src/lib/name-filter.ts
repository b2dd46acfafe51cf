import { and, sql, type SQL } from 'drizzle-orm';
import { searchTerms } from '@aquamall/shared';

/**
 * Substring filter for company names and titles (small tables, no index needed): every normalized term of the
 * keyword must occur in the normalized text. strpos, not LIKE, so `%` and `_` are plain characters.
 */
export function nameFilter(keyword: string | undefined, text: SQL): SQL | undefined {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => sql`strpos(aq_search_norm(${text}), ${t}) > 0`));
}
