import ExternalLink from 'lucide-react/icons/external-link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { leaveApp } from '@/lib/leave-app';
import { useCreateOnboardingLink } from '../api/create-onboarding-link';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';

/** SPEC §8: the server's reason after the fixed prefix, else the fixed text. */
function onboardingErrorText(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage) {
    return DASHBOARD_TEXTS.onboardingLinkError + error.message;
  }
  return DASHBOARD_TEXTS.onboardingLinkFailed;
}

/**
 * SPEC §2, §4 Stripe status: while payouts are pending, a fresh onboarding link is asked for
 * (by the account, or by the business when it has no account yet) and the browser goes there.
 */
export function PayoutSetupLink({
  accountId,
  businessId,
}: {
  accountId: string | null;
  businessId: number;
}) {
  const link = useCreateOnboardingLink();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const onClick = () => {
    setError(null);
    link.mutate(
      { accountId, businessId },
      {
        onSuccess: ({ onboarding_url }) => {
          setLeaving(true);
          leaveApp(onboarding_url);
        },
        onError: (failure) => setError(onboardingErrorText(failure)),
      },
    );
  };

  return (
    <div className="flex flex-col items-start gap-3">
      <Button size="sm" onClick={onClick} loading={link.isPending || leaving}>
        {DASHBOARD_TEXTS.finishPaymentSetup}
        <ExternalLink aria-hidden="true" className="size-4" />
      </Button>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
