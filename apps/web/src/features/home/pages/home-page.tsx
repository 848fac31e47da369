import { BRAND_NAME, CURATED_LISTS } from '@leafline/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import Sparkles from 'lucide-react/icons/sparkles';
import { Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { FreeShippingBanner } from '@/components/ui/free-shipping-banner';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignedIn } from '@/lib/api/favorites';
import { curatedProductsQueryOptions } from '@/lib/api/get-curated-products';
import { useDocumentTitle } from '@/lib/document-title';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import type { PrepareContext } from '@/lib/route-prepare';
import { hiddenBusinessesQueryOptions } from '../api/get-hidden-businesses';
import { publicBusinessesQueryOptions } from '../api/get-public-businesses';
import { BusinessCarouselSection } from '../components/business-carousel-section';
import { NewlyAddedSection } from '../components/newly-added-section';

// Below the fold: their code is not part of the page's own chunk.
const SustainabilitySection = lazyWithPreload(() =>
  import('../components/sustainability-section').then((m) => m.SustainabilitySection),
);
const NewsletterForm = lazyWithPreload(() =>
  import('../components/newsletter-form').then((m) => m.NewsletterForm),
);
// Personal, for a signed-in shopper only (decision 0050): never on the first load of a visit.
const FollowedBrandsSection = lazyWithPreload(() =>
  import('../components/followed-brands-section').then((m) => m.FollowedBrandsSection),
);

/** At start-up on /: the carousel's and Newly Added's data and the lower sections' code. */
export async function prepareHomePage({ queryClient }: PrepareContext): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(publicBusinessesQueryOptions()),
    queryClient.prefetchQuery(hiddenBusinessesQueryOptions()),
    queryClient.prefetchQuery(curatedProductsQueryOptions(CURATED_LISTS.newlyAdded)),
    SustainabilitySection.preload(),
    NewsletterForm.preload(),
  ]);
}

/** Runs once the browser is idle (or soon after, where it has no idle callback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1500);
  return () => window.clearTimeout(handle);
}

/**
 * After the page has rendered, fill the shop cache with the first page (SPEC §2 Home). Once
 * started it is not stopped when the shopper leaves: the shop, opened meanwhile, waits for
 * the same request instead of sending its own.
 */
function usePrefetchShop() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenIdle(() => {
        void import('@/lib/api/prefetch-first-shop-page').then((m) =>
          m.prefetchFirstShopPage(queryClient),
        );
      }),
    [queryClient],
  );
}

export function HomePage() {
  useDocumentTitle('Sustainable small brands, one cart');
  usePrefetchShop();
  const signedIn = useSignedIn();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 py-8 sm:gap-20 sm:py-12">
      <div className="flex flex-col gap-5">
        <section
          aria-labelledby="home-heading"
          className="relative overflow-hidden rounded-card bg-sand-100 px-6 py-10 sm:px-12 sm:py-16"
        >
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-16 size-72 rounded-full bg-sage-100 sm:size-96"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-28 right-40 hidden size-56 rounded-full bg-clay-100 md:block"
          />
          <div className="relative max-w-2xl">
            <h1 id="home-heading" className="text-4xl leading-tight font-semibold sm:text-5xl">
              <span className="mb-4 inline-flex items-center gap-1.5 rounded-full bg-cream px-3 py-1 font-sans text-xs font-semibold tracking-wide text-clay-800 uppercase">
                <Sparkles aria-hidden="true" className="size-3.5" />
                {BRAND_NAME}
                <span className="sr-only"> — </span>
              </span>
              {/* Lower case in the text, so the heading reads as one sentence. */}
              <span className="block first-letter:uppercase">
                sustainable small brands, one cart
              </span>
            </h1>
            <p className="mt-4 max-w-prose text-lg text-ink-muted">
              Thoughtfully made goods from independent eco-businesses. Not sure where to start? Our
              two-minute quiz finds the products that fit the way you live.
            </p>
            <div className="mt-7 flex flex-wrap gap-3">
              <Link to="/quiz" className={buttonClasses('primary', 'lg')}>
                Take the Quiz
              </Link>
              <Link to="/shop" className={buttonClasses('secondary', 'lg')}>
                Browse the shop
              </Link>
            </div>
          </div>
        </section>
        <FreeShippingBanner />
      </div>

      <BusinessCarouselSection />
      {signedIn ? (
        <Suspense fallback={null}>
          <FollowedBrandsSection />
        </Suspense>
      ) : null}
      <div className="render-lazily">
        <NewlyAddedSection />
      </div>

      <div className="render-lazily">
        <Suspense fallback={<Skeleton className="h-64 w-full rounded-card" />}>
          <SustainabilitySection />
        </Suspense>
      </div>
      <div className="render-lazily [contain-intrinsic-size:auto_24rem]">
        <Suspense fallback={<Skeleton className="h-56 w-full rounded-card" />}>
          <NewsletterForm />
        </Suspense>
      </div>
    </div>
  );
}
