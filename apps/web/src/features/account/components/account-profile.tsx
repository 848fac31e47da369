import KeyRound from 'lucide-react/icons/key-round';
import Mail from 'lucide-react/icons/mail';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import UserRound from 'lucide-react/icons/user-round';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { EmailText } from '@/components/ui/email-text';

/** One line of the profile: what it is, its value (or how to add it), and its edit button. */
function ProfileRow({
  icon,
  term,
  testId,
  value,
  edit,
  onEdit,
}: {
  icon: ReactNode;
  term: string;
  testId: string;
  value: ReactNode;
  edit: string;
  onEdit: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
      {icon}
      <dl className="min-w-0 flex-1">
        <dt className="text-sm text-ink-muted">{term}</dt>
        <dd className="mt-0.5 font-medium break-words" data-testid={testId}>
          {value ?? <span className="text-ink-muted">Not set yet — add it with {edit}</span>}
        </dd>
      </dl>
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        {edit}
      </Button>
    </div>
  );
}

/** The profile (name and e-mail, each with its edit) and the way to delete the account. */
export function AccountProfile({
  name,
  email,
  onEdit,
}: {
  name: { first_name: string; last_name: string } | undefined;
  email: string | undefined;
  onEdit: (dialog: 'name' | 'email' | 'password' | 'delete') => void;
}) {
  const fullName = `${name?.first_name ?? ''} ${name?.last_name ?? ''}`.trim();
  return (
    <div className="grid gap-4">
      <CardSection id="profile" title="Profile" raised>
        <div className="mt-4 divide-y divide-sand-200">
          <ProfileRow
            icon={<UserRound aria-hidden="true" className="size-5 text-sage-700" />}
            term="Name"
            testId="account-name"
            value={fullName || null}
            edit="Edit name"
            onEdit={() => onEdit('name')}
          />
          <ProfileRow
            icon={<Mail aria-hidden="true" className="size-5 text-sage-700" />}
            term="Email"
            testId="account-email"
            value={email ? <EmailText email={email} /> : null}
            edit="Edit email"
            onEdit={() => onEdit('email')}
          />
          <ProfileRow
            icon={<KeyRound aria-hidden="true" className="size-5 text-sage-700" />}
            term="Password"
            testId="account-password"
            value="••••••••"
            edit="Change password"
            onEdit={() => onEdit('password')}
          />
        </div>
      </CardSection>

      <CardSection id="delete" title="Delete account" tone="danger">
        <p className="mt-2 text-ink-muted">
          This removes your account, your cart and your saved address. It cannot be undone.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => onEdit('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
        </Button>
      </CardSection>
    </div>
  );
}
