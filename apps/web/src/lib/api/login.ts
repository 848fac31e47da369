import type { LoginBody, TokenPair } from '@leafline/contract/auth';
import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /token/: username and password for an access and a refresh token. */
export function login(body: LoginBody): Promise<TokenPair> {
  return apiCall(ROUTES.login, { json: body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
