import { z } from 'zod';
import { MESSAGES } from './messages';

/** Request and response shapes of the account calls of SPEC §7 (validation of §5). */

/**
 * The server's own texts for the account calls (beyond the §8 catalogue in MESSAGES), so the
 * web app can compare against the same strings.
 */
export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful! You can now log in.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that e-mail already exists.',
  credentialsNotProvided: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  invalidRefreshToken: 'Invalid or expired refresh token.',
  loggedOut: 'Logged out successfully.',
  resetEmailSent: 'If an account exists for that e-mail, a reset link is on its way.',
  passwordReset: 'Your password has been reset.',
  /** POST api/account/password/: the other sessions end, this one carries on. */
  passwordChanged: 'Password changed. You were signed out everywhere else.',
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChangeFailed: 'Failed to change password.',
} as const;

/** A body that is not a JSON object at all (an array, null, a bare string). */
const jsonObject = { error: 'The request body must be a JSON object.' };

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

/** A password as typed: required, no length rules (SPEC §5), bounded against abuse. */
export const passwordField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .max(1024, 'Password is too long.');

export const emailField = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));

export const registerBody = z
  .object(
    {
      fname: required('First name').pipe(z.string().max(150, 'First name is too long.')),
      lname: required('Last name').pipe(z.string().max(150, 'Last name is too long.')),
      username: required('Username').pipe(
        z
          .string()
          .max(150, 'Username is too long.')
          .regex(/^[\w.@+-]+$/, 'Username may contain only letters, digits and @ . + - _'),
      ),
      email: emailField,
      password1: passwordField('Password'),
      password2: passwordField('Confirm password'),
    },
    jsonObject,
  )
  .refine((b) => b.password1 === b.password2, {
    message: MESSAGES.passwordsDoNotMatchRegister,
    path: ['password2'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * 201 of register/: the same for a new account and for an e-mail that already has one (issue
 * 24, point 25), so it carries no user id.
 */
export const registerResponse = z.object({
  message: z.string(),
  user: z.object({ username: z.string(), email: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const loginBody = z.object(
  {
    username: required('Username').pipe(z.string().max(254, 'Username is too long.')),
    password: passwordField('Password'),
  },
  jsonObject,
);
export type LoginBody = z.infer<typeof loginBody>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

const refreshTokenField = z
  .string({ error: 'Refresh token is required.' })
  .min(1, 'Refresh token is required.')
  .max(4096, ACCOUNT_MESSAGES.invalidRefreshToken);

export const refreshBody = z.object({ refresh: refreshTokenField }, jsonObject);
export type RefreshBody = z.infer<typeof refreshBody>;

export const logoutBody = z.object({ refresh_token: refreshTokenField }, jsonObject);
export type LogoutBody = z.infer<typeof logoutBody>;

export const passwordResetBody = z.object({ email: emailField }, jsonObject);
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const passwordResetConfirmBody = z
  .object(
    {
      password: passwordField('Password'),
      password2: passwordField('Confirm password'),
    },
    jsonObject,
  )
  .refine((b) => b.password === b.password2, {
    message: 'Passwords do not match.',
    path: ['password2'],
  });

/**
 * A malformed uid or token reads like any other bad link (SPEC §8), a NUL in it too (the
 * server's general NUL refusal comes after validation, so this text wins).
 */
const resetLinkPart = (max: number) =>
  z
    .string({ error: MESSAGES.invalidOrExpiredToken })
    .min(1, MESSAGES.invalidOrExpiredToken)
    .max(max, MESSAGES.invalidOrExpiredToken)
    .refine((value) => !value.includes('\u0000'), MESSAGES.invalidOrExpiredToken);

export const resetParams = z.object({ uid: resetLinkPart(64), token: resetLinkPart(256) });

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
export const errorResponse = z.object({
  error: z.string(),
  detail: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const userHasBusinessResponse = z.object({ has_business: z.boolean() });
export type UserHasBusinessResponse = z.infer<typeof userHasBusinessResponse>;

export const nameBody = z.object(
  {
    first_name: required('First name').pipe(z.string().max(150, 'First name is too long.')),
    last_name: required('Last name').pipe(z.string().max(150, 'Last name is too long.')),
  },
  jsonObject,
);
export type NameBody = z.infer<typeof nameBody>;

export const emailBody = z.object({ email: emailField }, jsonObject);
export type EmailBody = z.infer<typeof emailBody>;

/**
 * POST api/account/password/: the current password, and the new one twice with registration's
 * rules and texts (SPEC §5: required, must match, no length rules).
 */
export const changePasswordBody = z
  .object(
    {
      current_password: passwordField('Current password'),
      password1: passwordField('New password'),
      password2: passwordField('Confirm new password'),
    },
    jsonObject,
  )
  .refine((b) => b.password1 === b.password2, {
    message: MESSAGES.passwordsDoNotMatchRegister,
    path: ['password2'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * 200 of POST api/account/password/: a new pair for the session that changed it (every token
 * issued before, this session's too, ended with the old password; decision 0048).
 */
export const passwordChangedResponse = tokenPair.extend({ message: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>;

/** GET update-name/ */
export const nameResponse = z.object({ first_name: z.string(), last_name: z.string() });
export type NameResponse = z.infer<typeof nameResponse>;
/** PUT update-name/: message is MESSAGES.nameUpdated. */
export const nameUpdatedResponse = nameResponse.extend({ message: z.string() });
export type NameUpdatedResponse = z.infer<typeof nameUpdatedResponse>;

/** GET update-email/ */
export const emailResponse = z.object({ email: z.string() });
export type EmailResponse = z.infer<typeof emailResponse>;
/** PATCH update-email/: message is MESSAGES.emailUpdated. */
export const emailUpdatedResponse = emailResponse.extend({ message: z.string() });
export type EmailUpdatedResponse = z.infer<typeof emailUpdatedResponse>;
