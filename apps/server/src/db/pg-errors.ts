/**
 * The SQLSTATE and constraint of a failed query, looked up through the wrappers (drizzle puts
 * the driver's error in `cause`). '23503' is a foreign key: a row deleted meanwhile.
 */
export function pgError(error: unknown): { code: string; constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const FOREIGN_KEY_VIOLATION = '23503';
