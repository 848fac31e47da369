import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { clearTokens, getRefreshToken } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import { logout } from '../api/logout';

/** SPEC §7 logout: revoke the refresh token, then forget the session even if that failed. */
export function LogoutPage() {
  useDocumentTitle('Logging out');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Once only, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const refreshToken = getRefreshToken();
    const revoke = refreshToken ? logout(refreshToken) : Promise.resolve();
    revoke
      .catch(() => {
        // The session ends on this device either way.
      })
      .finally(() => {
        clearTokens();
        queryClient.clear();
        navigate('/login', { replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold">Logging you out</h1>
      <p role="status" className="mt-4 text-ink-muted">
        <Spinner label="Ending your session…" />
      </p>
    </section>
  );
}
