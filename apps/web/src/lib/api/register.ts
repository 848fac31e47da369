import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { RegisterBody, RegisterResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /register/: creates the account (fname, lname, username, email, password1, password2). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiCall(ACCOUNT_ROUTES.register, { json: body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
