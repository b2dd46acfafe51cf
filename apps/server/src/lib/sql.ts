/** Escapes `\`, `%` and `_` for a LIKE/ILIKE pattern (PostgreSQL's default escape character is `\`). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
