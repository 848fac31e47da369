/**
 * An ILIKE pattern matching `text` anywhere, its `%`, `_` and `\` (the default escape) taken
 * literally: a seller's search of orders or products for "50%" finds "50%", not everything.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
