import {
  BRAND_NAME,
  COMMISSION_PERCENT,
  FREE_SHIPPING_THRESHOLD_CENTS,
} from '@leafline/contract/constants';
import { Link } from 'react-router';
import { formatCents } from '@/lib/money';
import { Wordmark } from './wordmark';

const links = [
  { to: '/faqs', label: 'FAQs' },
  { to: '/sustainability', label: 'Sustainability' },
  { to: '/our-story', label: 'Our Story' },
  { to: '/partners', label: 'Partners' },
  { to: '/for-businesses', label: 'For Businesses' },
  { to: '/quiz', label: 'Take the Quiz' },
  { to: '/account/registerbusiness', label: 'Become a Partner' },
];

const freeShipping = formatCents(FREE_SHIPPING_THRESHOLD_CENTS).replace('.00', '');
const commission = COMMISSION_PERCENT;

export function Footer() {
  return (
    <footer className="render-lazily mt-16 border-t border-sand-300 bg-sand-200/60 [contain-intrinsic-size:auto_28rem]">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.2fr_2fr]">
        <div>
          <Wordmark />
          <p className="mt-3 max-w-sm text-sm text-ink-muted">
            Small, independent, eco-friendly brands in one cart. Free shipping on orders of{' '}
            {freeShipping} and over; brands keep everything but a {commission} commission.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-10 items-center text-sm font-medium text-forest-900 underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-sand-300/80">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-xs text-ink-muted sm:px-6">
          © {new Date().getFullYear()} {BRAND_NAME}. Made for people and the planet.
        </p>
      </div>
    </footer>
  );
}
