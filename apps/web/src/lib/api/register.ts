import type { RegisterBody, RegisterResponse } from '@leafline/contract/auth';
import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /register/: creates the account (fname, lname, username, email, password1, password2). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiCall(ROUTES.register, { json: body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
