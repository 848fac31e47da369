import { MESSAGES } from '@leafline/contract/messages';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearTokens } from '@/lib/auth-tokens';
import type { NoticeState } from '@/lib/navigation';

/** SPEC §8 account calls: a 401 forgets the token and asks the user to log in again. */
export function useEndSession(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearTokens();
    const state: NoticeState = { notice: MESSAGES.sessionExpired, noticeTone: 'warning' };
    navigate('/login', { replace: true, state });
  }, [navigate]);
}
