import { fireEvent, type screen } from '@testing-library/react';
import { fill } from './render-app';

/** What POST /register/ receives from the fields as `fillAccountFields` fills them. */
export const ADA_REGISTER_BODY = {
  fname: 'Ada',
  lname: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password1: 'pw-123456',
  password2: 'pw-123456',
} as const;

/**
 * Fills the account fields (`@/components/forms/account-fields`) as Ada Lovelace would, on the
 * register page or in the quiz panel, then presses `submit`.
 */
export function fillAccountFields(
  scope: Pick<typeof screen, 'getByLabelText' | 'getByRole'>,
  submit: string,
  password2 = 'pw-123456',
) {
  fill(scope.getByLabelText('First name'), 'Ada');
  fill(scope.getByLabelText('Last name'), 'Lovelace');
  fill(scope.getByLabelText('Username'), 'ada');
  fill(scope.getByLabelText('Email'), 'ada@example.com');
  fill(scope.getByLabelText('Password'), 'pw-123456');
  fill(scope.getByLabelText('Confirm password'), password2);
  fireEvent.click(scope.getByRole('button', { name: submit }));
}
