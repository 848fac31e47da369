import { SEARCH_INPUT_PAUSE_MS } from '@leafline/contract/constants';
import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (SPEC §4: a search runs after a
 * 500 ms pause in typing). Every change restarts the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_INPUT_PAUSE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
