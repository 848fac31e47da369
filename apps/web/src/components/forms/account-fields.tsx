import type { LoginBody, RegisterBody } from '@leafline/contract/auth';
import { TextField } from '@/components/ui/text-field';

/**
 * The account forms' fields (SPEC §5): registration on the Register page and in the quiz
 * panel, login on the Login page and in the quiz panel — one set of fields and one reading of
 * them, so both places ask for and send the same thing.
 */

export type RegisterFieldErrors = Partial<Record<keyof RegisterBody, string>>;

/** The registration body of a form holding RegisterFields (names trimmed, passwords as typed). */
export function readRegisterForm(form: HTMLFormElement): RegisterBody {
  const data = new FormData(form);
  const value = (name: keyof RegisterBody) => String(data.get(name) ?? '');
  return {
    fname: value('fname').trim(),
    lname: value('lname').trim(),
    username: value('username').trim(),
    email: value('email').trim(),
    password1: value('password1'),
    password2: value('password2'),
  };
}

/** The login body of a form holding LoginFields (the name trimmed, the password as typed). */
export function readLoginForm(form: HTMLFormElement): LoginBody {
  const data = new FormData(form);
  return {
    username: String(data.get('username') ?? '').trim(),
    password: String(data.get('password') ?? ''),
  };
}

/** All required; the e-mail of e-mail type; a field's server message under it. */
export function RegisterFields({ errors }: { errors: RegisterFieldErrors }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="fname"
          autoComplete="given-name"
          required
          error={errors.fname}
        />
        <TextField
          label="Last name"
          name="lname"
          autoComplete="family-name"
          required
          error={errors.lname}
        />
      </div>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password1"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password1}
      />
      <TextField
        label="Confirm password"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password2}
      />
    </>
  );
}

export function LoginFields() {
  return (
    <>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
    </>
  );
}
