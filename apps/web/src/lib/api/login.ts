import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { LoginBody, TokenPair } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /token/: username and password for an access and a refresh token. */
export function login(body: LoginBody): Promise<TokenPair> {
  return apiCall(ACCOUNT_ROUTES.login, { json: body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
