import { useEffect, useRef } from 'react';

/**
 * For what is printed from a page (packing slips, a payout statement): rendered beside the app
 * in an element of class `print-only` (hidden on screen; the only thing printed while it is
 * there, styles.css), the browser's print dialog opened once it is `ready`, and `onDone` when
 * the dialog closes.
 */
export function usePrintOnce(ready: boolean, onDone: () => void) {
  useEffect(() => {
    window.addEventListener('afterprint', onDone);
    return () => window.removeEventListener('afterprint', onDone);
  }, [onDone]);
  // Once (a development build runs effects twice).
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    window.print();
  }, [ready]);
}
