import { BRAND_NAME, COMMISSION_PERCENT, COMMISSION_RATE } from '@leafline/contract/constants';
import BadgePercent from 'lucide-react/icons/badge-percent';
import Banknote from 'lucide-react/icons/banknote';
import BellRing from 'lucide-react/icons/bell-ring';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Store from 'lucide-react/icons/store';
import Truck from 'lucide-react/icons/truck';
import { Link } from 'react-router';
import { HeadedSection } from '@/components/content/headed-section';
import { IconCards } from '@/components/content/icon-cards';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { formatCents } from '@/lib/money';
import { ContentPage, ContentPageHeader } from '../components/content-page-header';
import { NumberedSteps } from '../components/numbered-steps';

const commission = COMMISSION_PERCENT;
/** A worked example of the commission on one sale (DESIGN 2.7: half-up at the cent). */
const EXAMPLE_SALE_CENTS = 5000;
const exampleFeeCents = Math.round(EXAMPLE_SALE_CENTS * COMMISSION_RATE);

const REASONS = [
  {
    Icon: BadgePercent,
    title: `A ${commission} commission, and that's it`,
    text: `No listing fees, no monthly plan. On a ${formatCents(EXAMPLE_SALE_CENTS)} sale we keep ${formatCents(exampleFeeCents)} and you get ${formatCents(EXAMPLE_SALE_CENTS - exampleFeeCents)}. The payouts in your dashboard already have the commission taken off, so what you see is what you get.`,
  },
  {
    Icon: Banknote,
    title: 'Paid at the time of purchase',
    text: 'Payouts go through Stripe Connect. You set up your payout account once when you register, and your share of each order is sent when the shopper pays — not at the end of the month.',
  },
  {
    Icon: RefreshCw,
    title: 'Shopify sync',
    text: 'Already selling on Shopify? Connect your store and sync your products, orders and shipping fees, instead of typing everything in twice.',
  },
  {
    Icon: Truck,
    title: 'Your shipping, your rates',
    text: 'You fulfil your own orders and set shipping per brand: a flat rate, fees per country, and a free-shipping threshold if you like. Shoppers see your rates at checkout, before they pay.',
  },
  {
    Icon: Store,
    title: 'A storefront that tells your story',
    text: 'Your own page with your logo, banner, how you produce and how you ship — for shoppers who read that part. You set your own prices.',
  },
  {
    Icon: BellRing,
    title: 'Real-time order updates',
    text: 'New orders appear in your dashboard the moment they are paid, with everything you need to pack and ship them.',
  },
] as const;

const STEPS = [
  {
    title: 'Register your business',
    text: 'Tell us about your brand: what you make, how you produce it and how you ship. Eco-friendly companies are vetted against our five criteria; individual sellers can join too and are labelled as not verified.',
  },
  {
    title: 'Set up payouts',
    text: 'Registration takes you to Stripe to connect the account your payouts go to. It takes a few minutes.',
  },
  {
    title: 'Add your products',
    text: 'List them in the dashboard, or sync them from Shopify. Set your shipping fees while you are there.',
  },
  {
    title: 'Start selling',
    text: 'Orders arrive in your dashboard in real time, and you pack and ship them yourself.',
  },
] as const;

export function ForBusinessesPage() {
  useDocumentTitle('For businesses');
  return (
    <ContentPage>
      <ContentPageHeader eyebrow="For businesses" icon={Store} title="For businesses">
        <p>
          Sell to young shoppers who came looking for brands like yours. {BRAND_NAME} is built for
          small, independent makers: a {commission} commission, payouts at the time of purchase, and
          your own shipping rates.
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/account/registerbusiness" className={buttonClasses('primary', 'lg')}>
            Become a Partner
          </Link>
          <Link to="/sustainability" className={buttonClasses('secondary', 'lg')}>
            Read our standards
          </Link>
        </div>
      </ContentPageHeader>

      <HeadedSection
        id="why-sell-heading"
        title="Why sell here"
        intro="We started as shoppers who could not find you. Everything below is there to make selling fair and simple."
      >
        <IconCards items={REASONS} look="page" />
      </HeadedSection>

      <HeadedSection id="how-to-join-heading" title="How joining works">
        <NumberedSteps steps={STEPS} />
      </HeadedSection>

      <section
        aria-labelledby="become-partner-heading"
        className="flex flex-col items-start gap-4 rounded-card bg-forest-900 p-6 text-cream sm:p-10"
      >
        <h2 id="become-partner-heading" className="text-2xl font-semibold text-cream sm:text-3xl">
          Ready to join?
        </h2>
        <p className="max-w-prose text-sage-100">
          Registration takes about ten minutes. You will need a log-in first; then tell us about
          your brand and connect your payouts.
        </p>
        <Link
          to="/account/registerbusiness"
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-cream px-6 font-semibold text-forest-900 hover:bg-white"
        >
          Register your business
        </Link>
      </section>
    </ContentPage>
  );
}
