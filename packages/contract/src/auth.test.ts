import { describe, expect, it } from 'vitest';
import { passwordResetConfirmBody, registerBody } from './auth';

const valid = {
  fname: 'Ada',
  lname: 'Green',
  username: 'ada',
  email: 'ada@example.com',
  password1: 'secret',
  password2: 'secret',
};

describe('account validation (SPEC §5)', () => {
  it('accepts a complete registration and trims the e-mail', () => {
    const parsed = registerBody.parse({ ...valid, email: '  ada@example.com ' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it('says the passwords do not match in the words of §5', () => {
    const result = registerBody.safeParse({ ...valid, password2: 'other' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match!');
  });

  it('requires every registration field', () => {
    const result = registerBody.safeParse({ ...valid, fname: '  ' });
    expect(result.error?.issues[0]?.message).toBe('First name is required.');
  });

  it('rejects an e-mail that is not one', () => {
    const result = registerBody.safeParse({ ...valid, email: 'not-an-email' });
    expect(result.error?.issues[0]?.message).toBe('Enter a valid e-mail address.');
  });

  it('uses the reset wording for a reset mismatch', () => {
    const result = passwordResetConfirmBody.safeParse({ password: 'a', password2: 'b' });
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match.');
  });
});
