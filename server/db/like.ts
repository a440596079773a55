/**
 * A LIKE/ILIKE pattern that finds `text` anywhere in a value, with the text's own `%`, `_` and `\`
 * taken literally (PostgreSQL's default escape character is the backslash).
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
