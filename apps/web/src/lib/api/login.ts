import type { LoginBody, TokenPair } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /token/: username and password for an access and a refresh token. */
export function login(body: LoginBody): Promise<TokenPair> {
  return apiFetch<TokenPair>('/token/', { method: 'POST', json: body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
