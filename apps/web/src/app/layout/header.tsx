import { BRAND_NAME } from '@leafline/contract/constants';
import { FAVORITE_TEXTS } from '@leafline/contract/favorites-texts';
import Heart from 'lucide-react/icons/heart';
import Menu from 'lucide-react/icons/menu';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useUserHasBusiness } from '@/features/account/api/get-user-has-business';
import { useCart } from '@/lib/api/get-cart';
import { getRefreshToken, useHasAccessToken } from '@/lib/auth-tokens';
import { cx } from '@/lib/cx';
import { Wordmark } from './wordmark';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 text-[0.95rem] font-medium transition-colors sm:px-3.5',
    isActive ? 'bg-sage-100 text-forest-900' : 'text-ink hover:bg-sand-200/70',
  );

function phoneOnlyLinks(isSeller: boolean) {
  return [
    { to: '/quiz', label: 'Quiz' },
    { to: '/faqs', label: 'FAQ' },
    { to: '/favorites', label: FAVORITE_TEXTS.title },
    { to: '/account/registerbusiness', label: `Sell on ${BRAND_NAME}` },
    ...(isSeller ? [{ to: '/account/business', label: 'Seller Dashboard' }] : []),
  ];
}

/**
 * SPEC §2 Header: Home, Shop, Cart, and Account or Login depending on a stored access
 * token (re-checked on storage events, same-tab token changes and navigation).
 */
export function Header() {
  const loggedIn = useHasAccessToken();
  // The cart's item count (the cart and checkout pages share this query). Asked only for a
  // session that can be renewed: a lone access token (another tab half-way through logging
  // in or out) must not send anyone to /login from the header.
  const cart = useCart(loggedIn && getRefreshToken() !== null);
  const cartCount = loggedIn ? (cart.data?.item_count ?? 0) : 0;
  // The phone menu's dashboard link is for sellers only (SPEC §6: has_business).
  const hasBusiness = useUserHasBusiness(loggedIn && getRefreshToken() !== null);
  const isSeller = loggedIn && hasBusiness.data?.has_business === true;
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);

  // Navigating closes the mobile menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-sand-300/80 bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="relative mx-auto flex h-16 w-full max-w-6xl items-center gap-1 px-3 sm:gap-3 sm:px-6">
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-forest-900 hover:bg-sand-200/70 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="primary-links"
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
        <Link to="/" className="mr-auto rounded-xl md:mr-4">
          <Wordmark />
        </Link>
        <nav aria-label="Main" className="flex items-center md:flex-1">
          <ul
            id="primary-links"
            className={cx(
              menuOpen ? 'flex' : 'hidden',
              'absolute inset-x-0 top-16 flex-col gap-1 border-b border-sand-300 bg-cream px-3 py-3 shadow-soft',
              'md:static md:mr-auto md:flex md:flex-row md:border-0 md:bg-transparent md:p-0 md:shadow-none',
            )}
          >
            <li>
              <NavLink to="/" end className={linkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/shop" className={linkClass}>
                Shop
              </NavLink>
            </li>
            {/* On a phone the menu is the only way around; wider screens have the footer. */}
            {phoneOnlyLinks(isSeller).map((link) => (
              <li key={link.to} className="md:hidden">
                <NavLink to={link.to} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="flex items-center gap-0.5 sm:gap-1">
            {/* The saved products (decision 0050), signed in or not; the heart alone. */}
            <li className="hidden sm:block">
              <NavLink to="/favorites" className={linkClass} aria-label={FAVORITE_TEXTS.title}>
                <Heart aria-hidden="true" className="size-5" />
              </NavLink>
            </li>
            <li>
              <NavLink to="/cart" className={linkClass}>
                {/* The count sits on the icon, so the header is no wider with it (360 px). */}
                <span className="relative inline-flex">
                  <ShoppingBag aria-hidden="true" className="size-5" />
                  {cartCount > 0 ? (
                    <span
                      aria-hidden="true"
                      className="absolute -top-2 -right-2.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-clay-700 px-1 text-[0.68rem] leading-none font-semibold text-white tabular-nums ring-2 ring-cream"
                      data-testid="cart-count"
                    >
                      {cartCount > 99 ? '99+' : cartCount}
                    </span>
                  ) : null}
                </span>
                {/* Icon only on the narrowest phones; the name stays for screen readers. */}
                <span className="max-[400px]:sr-only">Cart</span>
                {cartCount > 0 ? (
                  <span className="sr-only">{`, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}</span>
                ) : null}
              </NavLink>
            </li>
            <li>
              {loggedIn ? (
                <NavLink to="/account" className={linkClass}>
                  <UserRound aria-hidden="true" className="size-5" />
                  Account
                </NavLink>
              ) : (
                <NavLink to="/login" className={linkClass}>
                  <UserRound aria-hidden="true" className="size-5" />
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
