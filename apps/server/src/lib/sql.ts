/** Escapes the LIKE/ILIKE wildcards (`\`, `%`, `_`) of user input, so it matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
