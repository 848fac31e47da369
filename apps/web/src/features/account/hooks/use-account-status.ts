import { ACCOUNT_STATUS_MS } from '@leafline/contract/constants';
import { useEffect, useState } from 'react';

/** What an account page says after a save: done, or why not. */
export type AccountStatus = { tone: 'success' | 'error'; message: string };

/** An account page's status message, cleared after ACCOUNT_STATUS_MS (SPEC §4). */
export function useAccountStatus() {
  const [status, setStatus] = useState<AccountStatus | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), ACCOUNT_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}
