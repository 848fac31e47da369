import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `done`, goes to /login after 2 s (SPEC §2: after registering or resetting). */
export function useLoginRedirectAfter(done: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
}
