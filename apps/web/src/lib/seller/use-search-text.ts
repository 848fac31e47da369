import { useEffect, useRef, useState } from 'react';

/** The wait after the last key before a list's search is sent. */
export const SEARCH_DELAY_MS = 300;

/**
 * A dashboard list's search field: what is typed, sent (`onSearch`) a moment after the last
 * key rather than on every letter, or at once with `submit` (Enter). The field follows `sent`
 * when it changes from outside (a "Show all" that clears it).
 */
export function useSearchText(sent: string, onSearch: (text: string) => void) {
  const [text, setText] = useState(sent);
  // The latest handler, so that a render of the list while typing does not restart the wait.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => setText(sent), [sent]);
  useEffect(() => {
    if (text === sent) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, sent]);
  const submit = () => {
    if (text !== sent) onSearch(text);
  };
  return { text, setText, submit };
}
