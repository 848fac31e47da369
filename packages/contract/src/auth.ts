import { z } from 'zod';

/** Request and response shapes of the account calls of SPEC §7 (validation of §5). */

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

export const emailField = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));

export const registerBody = z
  .object({
    fname: required('First name').pipe(z.string().max(150, 'First name is too long.')),
    lname: required('Last name').pipe(z.string().max(150, 'Last name is too long.')),
    username: required('Username').pipe(
      z
        .string()
        .max(150, 'Username is too long.')
        .regex(/^[\w.@+-]+$/, 'Username may contain only letters, digits and @ . + - _'),
    ),
    email: emailField,
    password1: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .max(1024),
    password2: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.')
      .max(1024),
  })
  .refine((b) => b.password1 === b.password2, {
    message: 'Passwords do not match!',
    path: ['password2'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResponse = z.object({
  message: z.string(),
  user: z.object({ id: z.number(), username: z.string(), email: z.string() }),
});

export const loginBody = z.object({
  username: required('Username').pipe(z.string().max(254)),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.object({
  refresh: z.string({ error: 'Refresh token is required.' }).min(1).max(4096),
});

export const logoutBody = z.object({
  refresh_token: z.string({ error: 'Refresh token is required.' }).min(1).max(4096),
});

export const passwordResetBody = z.object({ email: emailField });

export const passwordResetConfirmBody = z
  .object({
    password: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .max(1024),
    password2: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.')
      .max(1024),
  })
  .refine((b) => b.password === b.password2, {
    message: 'Passwords do not match.',
    path: ['password2'],
  });

export const resetParams = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
});

export const messageResponse = z.object({ message: z.string() });
export const errorResponse = z.object({
  error: z.string(),
  detail: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const userHasBusinessResponse = z.object({ has_business: z.boolean() });

export const nameBody = z.object({
  first_name: required('First name').pipe(z.string().max(150, 'First name is too long.')),
  last_name: required('Last name').pipe(z.string().max(150, 'Last name is too long.')),
});
export type NameBody = z.infer<typeof nameBody>;

export const emailBody = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBody>;
