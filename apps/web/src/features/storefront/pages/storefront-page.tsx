import type { PublicBusiness } from '@leafline/contract/catalog';
import { parseId } from '@leafline/contract/ids';
import { useParams, useSearchParams } from 'react-router';
import { ShippingAndReturns } from '@/components/delivery/shipping-returns';
import { DetailQuery, RetryOrBackToShop, type RetryProps } from '@/components/ui/detail-query';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/lib/document-title';
import type { PrepareContext } from '@/lib/route-prepare';
import { businessQueryOptions, useBusiness } from '../api/get-business';
import { businessProductsQueryOptions } from '../api/get-business-products';
import {
  sustainabilityNotesQueryOptions,
  useSustainabilityNotes,
} from '../api/get-sustainability-notes';
import { StorefrontAbout } from '../components/storefront-about';
import { StorefrontContact } from '../components/storefront-contact';
import { StorefrontHero } from '../components/storefront-hero';
import { StorefrontProducts } from '../components/storefront-products';
import { StorefrontSkeleton } from '../components/storefront-skeleton';
import { SustainabilityNotes } from '../components/sustainability-notes';
import { STOREFRONT_TEXTS } from '../lib/storefront-texts';

/** At start-up (or on the server): the brand, its notes and the page of its products. */
export async function prepareStorefrontPage({ queryClient, params, searchParams }: PrepareContext) {
  const businessId = parseId(params.businessId);
  if (businessId === null) return;
  const page = parseId(searchParams.get('page')) ?? 1;
  await Promise.all([
    queryClient.prefetchQuery(businessQueryOptions(businessId)),
    queryClient.prefetchQuery(sustainabilityNotesQueryOptions(businessId)),
    queryClient.prefetchQuery(businessProductsQueryOptions(businessId, page)),
  ]);
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
        <StorefrontAbout business={business} />
        {noteList.length > 0 ? <SustainabilityNotes notes={noteList} /> : null}
        <ShippingAndReturns businessId={business.id} className="self-start" />
      </div>

      <StorefrontProducts
        businessId={business.id}
        businessName={business.name}
        page={page}
        onPageChange={changePage}
      />

      <StorefrontContact business={business} />
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
