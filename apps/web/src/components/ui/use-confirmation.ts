import { useState } from 'react';

/**
 * A question before a call (ConfirmDialog): what it is about (`subject`, the dialog is open
 * while it is set), the last try's error, and the one way to close it (both go).
 */
export function useConfirmation<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    subject,
    error,
    setError,
    ask: (next: T) => {
      setError(null);
      setSubject(next);
    },
    close: () => {
      setSubject(null);
      setError(null);
    },
  };
}
