import { BRAND_NAME } from '@leafline/contract/constants';
import { FAVORITE_TEXTS, FAVORITES_PATH } from '@leafline/contract/favorites-texts';
import { MESSAGES } from '@leafline/contract/messages';
import Heart from 'lucide-react/icons/heart';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import MapPin from 'lucide-react/icons/map-pin';
import Package from 'lucide-react/icons/package';
import Settings from 'lucide-react/icons/settings';
import Store from 'lucide-react/icons/store';
import { Suspense, useEffect } from 'react';
import { NavLink, Outlet, useMatch, useNavigate } from 'react-router';
import { LoginGate, useTokenOnEntry } from '@/components/auth/login-gate';
import { PageSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import type { NoticeState } from '@/lib/navigation';
import { useUserHasBusiness } from '../api/get-user-has-business';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors md:w-full md:rounded-xl',
    isActive
      ? 'bg-forest-900 text-cream'
      : 'border border-sand-300 bg-white/60 text-forest-900 hover:bg-sage-50 md:border-transparent md:bg-transparent',
  );

/** The account area's links; the dashboard only for owners of a business. */
const ACCOUNT_LINKS = [
  { to: '/account/account-settings', label: 'Account Settings', Icon: Settings },
  { to: '/account/addresses', label: 'Addresses', Icon: MapPin },
  { to: '/account/orders', label: 'My Orders', Icon: Package },
  { to: FAVORITES_PATH, label: FAVORITE_TEXTS.title, Icon: Heart },
  { to: '/account/registerbusiness', label: `Sell on ${BRAND_NAME}`, Icon: Store },
  { to: '/account/business', label: 'Business Dashboard', Icon: LayoutDashboard, ownersOnly: true },
  { to: '/account/logout', label: 'Logout', Icon: LogOut },
];

/**
 * The nested account area (SPEC §2): asks whether the user has a business on entry, and
 * sends the user to /login when that fails.
 */
export function AccountLayout() {
  const navigate = useNavigate();
  const isLogout = useMatch('/account/logout');
  const isIndex = useMatch('/account');
  const isSettings = useMatch('/account/account-settings');
  const hadToken = useTokenOnEntry();
  const hasBusiness = useUserHasBusiness(hadToken && !isLogout);

  useEffect(() => {
    if (!hasBusiness.isError) return;
    const state: NoticeState = isApiError(hasBusiness.error, 401)
      ? { notice: MESSAGES.sessionExpired, noticeTone: 'warning' }
      : { notice: MESSAGES.genericTryLater, noticeTone: 'error' };
    navigate('/login', { replace: true, state });
  }, [hasBusiness.isError, hasBusiness.error, navigate]);

  if (isLogout) return <Outlet />;

  if (!hadToken) {
    const notice = isIndex || isSettings ? MESSAGES.pleaseLoginAccountSettings : undefined;
    return <LoginGate notice={notice} action="login" loginTone="info" />;
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[15rem_1fr] md:gap-10 md:py-12">
      <aside className="min-w-0">
        <p className="px-1 text-xs font-semibold tracking-wider text-clay-800 uppercase">
          Your account
        </p>
        <nav aria-label="Account" className="mt-3">
          <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
            {ACCOUNT_LINKS.filter((link) => !link.ownersOnly || hasBusiness.data?.has_business).map(
              ({ to, label, Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={itemClass}>
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
      </aside>
      {/* Pages made for the full width (placeholders) drop their own outer spacing here. */}
      <div className="min-w-0 [&>section]:max-w-none [&>section]:p-0">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
