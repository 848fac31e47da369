import type { PublicBusiness } from '@leafline/contract/catalog';
import { parseId } from '@leafline/contract/ids';
import ExternalLink from 'lucide-react/icons/external-link';
import Factory from 'lucide-react/icons/factory';
import Leaf from 'lucide-react/icons/leaf';
import Mail from 'lucide-react/icons/mail';
import Truck from 'lucide-react/icons/truck';
import { useParams, useSearchParams } from 'react-router';
import { DetailQuery, RetryOrBackToShop, type RetryProps } from '@/components/ui/detail-query';
import { EmailText } from '@/components/ui/email-text';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/lib/document-title';
import { useBusiness } from '../api/get-business';
import { useSustainabilityNotes } from '../api/get-sustainability-notes';
import { ExpandableEntry } from '../components/expandable-entry';
import { StorefrontHero } from '../components/storefront-hero';
import { StorefrontProducts } from '../components/storefront-products';
import { StorefrontSkeleton } from '../components/storefront-skeleton';
import { STOREFRONT_TEXTS } from '../lib/storefront-texts';

/** A website as typed by the brand, made into an address ('leafy.shop' → https://leafy.shop). */
function websiteHref(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /businessproducts/{businessId} (SPEC §2 Storefront). */
export function StorefrontPage() {
  const businessId = parseId(useParams().businessId);
  const business = useBusiness(businessId);

  return (
    <DetailQuery
      validId={businessId !== null}
      query={business}
      skeleton={<StorefrontSkeleton />}
      failed={(retry) => <BusinessFailed {...retry} />}
    >
      {(data) => <Storefront key={data.id} business={data} />}
    </DetailQuery>
  );
}

function Storefront({ business }: { business: PublicBusiness }) {
  useDocumentTitle(business.name);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parseId(searchParams.get('page')) ?? 1;
  const notes = useSustainabilityNotes(business.id);
  const noteList = notes.data ?? [];
  const website = websiteHref(business.website);
  const description = business.description.trim();

  const changePage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params, { preventScrollReset: true });
    document.getElementById('products')?.scrollIntoView?.({ block: 'start' });
  };

  const sections = [
    { id: 'about', label: 'About' },
    ...(noteList.length > 0 ? [{ id: 'sustainability', label: 'Sustainability' }] : []),
    { id: 'products', label: 'Products' },
    { id: 'contact', label: 'Contact' },
  ];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-6 sm:gap-16 sm:py-10">
      <StorefrontHero business={business} sections={sections} />

      <div className="grid gap-12 lg:grid-cols-2 lg:gap-10">
        <section id="about" aria-labelledby="about-heading" className="scroll-mt-24">
          <h2 id="about-heading" className="text-2xl font-semibold sm:text-3xl">
            About
          </h2>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-ink/90">
            {description || `${business.name} has not written an introduction yet.`}
          </p>
          <div className="mt-6 flex flex-col gap-3">
            {business.production.trim() ? (
              <ExpandableEntry title="Production" icon={<Factory className="size-5" />}>
                {business.production}
              </ExpandableEntry>
            ) : null}
            {business.shipping_strategy.trim() ? (
              <ExpandableEntry title="Shipping" icon={<Truck className="size-5" />}>
                {business.shipping_strategy}
              </ExpandableEntry>
            ) : null}
          </div>
        </section>

        {noteList.length > 0 ? (
          <section
            id="sustainability"
            aria-labelledby="sustainability-heading"
            className="scroll-mt-24 rounded-card bg-sage-50 p-5 sm:p-6"
          >
            <h2
              id="sustainability-heading"
              className="flex items-center gap-2 text-2xl font-semibold sm:text-3xl"
            >
              <Leaf aria-hidden="true" className="size-6 text-sage-700" />
              Sustainability notes
            </h2>
            <div className="mt-4 flex flex-col gap-3">
              {noteList.map((note) => (
                <ExpandableEntry key={note.id} title={note.title}>
                  {note.explanation}
                </ExpandableEntry>
              ))}
            </div>
          </section>
        ) : null}
      </div>

      <StorefrontProducts
        businessId={business.id}
        businessName={business.name}
        page={page}
        onPageChange={changePage}
      />

      <section
        id="contact"
        aria-labelledby="contact-heading"
        className="scroll-mt-24 rounded-card border border-sand-300 bg-sand-100/60 p-5 sm:p-8"
      >
        <h2 id="contact-heading" className="text-2xl font-semibold sm:text-3xl">
          Contact
        </h2>
        <p className="mt-2 text-ink-muted">
          Questions about a product? Write to the brand directly.
        </p>
        <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
          {business.email.trim() ? (
            <li className="flex items-center gap-2.5 min-w-0">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-sage-700" />
              <a
                href={`mailto:${business.email.trim()}`}
                className="min-w-0 font-medium break-words text-forest-900 underline decoration-sage-400 hover:decoration-forest-900"
              >
                <EmailText email={business.email.trim()} />
              </a>
            </li>
          ) : null}
          {website ? (
            <li className="flex items-center gap-2.5 min-w-0">
              <ExternalLink aria-hidden="true" className="size-5 shrink-0 text-sage-700" />
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium break-all text-forest-900 underline decoration-sage-400 hover:decoration-forest-900"
              >
                {business.website
                  .trim()
                  .replace(/^https?:\/\//i, '')
                  .replace(/\/$/, '')}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}

function BusinessFailed({ onRetry, retrying }: RetryProps) {
  useDocumentTitle('Storefront');
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-semibold sm:text-4xl">This storefront is unavailable</h1>
      <Notice tone="error" className="mt-6 text-left">
        {STOREFRONT_TEXTS.businessFailed}
      </Notice>
      <p className="mt-4 text-ink-muted">
        The brand may have closed its shop, or the link is mistyped.
      </p>
      <RetryOrBackToShop onRetry={onRetry} retrying={retrying} />
    </section>
  );
}
