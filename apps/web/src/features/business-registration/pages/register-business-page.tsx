import { LoginGate } from '@/components/auth/login-gate';
import { useDocumentTitle } from '@/lib/document-title';
import { RegisterBusinessForm } from '../components/register-business-form';
import { REGISTRATION_TEXTS } from '../lib/registration-texts';

/** /registerbusiness: the page on its own. */
export function RegisterBusinessPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <RegisterBusiness dashboardPath="/dashboard" />
    </div>
  );
}

/** /account/registerbusiness: the same form inside the account area (which gives the width). */
export function AccountRegisterBusinessPage() {
  return <RegisterBusiness dashboardPath="/account/business" />;
}

/** SPEC §2 Register Your Business: logged-in users only (the usual login prompt otherwise). */
function RegisterBusiness({ dashboardPath }: { dashboardPath: string }) {
  useDocumentTitle(REGISTRATION_TEXTS.title);
  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">{REGISTRATION_TEXTS.title}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{REGISTRATION_TEXTS.intro}</p>
      <LoginGate notice={REGISTRATION_TEXTS.mustLogin} action="link">
        <div className="mt-6 rounded-card border border-sand-300 bg-white/70 p-5 shadow-soft sm:p-7">
          <RegisterBusinessForm dashboardPath={dashboardPath} />
        </div>
      </LoginGate>
    </div>
  );
}
