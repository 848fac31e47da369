import type { BusinessSummary } from '@leafline/contract/catalog';
import { CAROUSEL_CONTROLS_ABOVE } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';
import { stepCarousel, useCarouselAutoplay } from '../hooks/use-carousel-autoplay';

export const CAROUSEL_EMPTY_TEXT = MESSAGES.carouselEmpty;

/** The businesses the carousel shows: the hidden ids left out, the order kept. */
export function visibleBusinesses(
  businesses: readonly BusinessSummary[],
  hiddenIds: readonly number[],
): BusinessSummary[] {
  const hidden = new Set(hiddenIds);
  return businesses.filter((b) => !hidden.has(b.id));
}

const controlClasses =
  'inline-flex size-10 items-center justify-center rounded-full border border-forest-900/20 bg-white/80 text-forest-900 shadow-sm transition-colors hover:border-forest-900/50 hover:bg-sage-50';

/**
 * 'Shop By Small Eco-Business' (SPEC §2 Home): a row of partner logos and names, each a
 * link to its storefront, moving by itself (see useCarouselAutoplay). Previous/Next appear
 * only with more than 4 businesses.
 */
export function BusinessCarousel({
  businesses,
  loading = false,
  priorityCount = 4,
}: {
  businesses: readonly BusinessSummary[];
  loading?: boolean;
  priorityCount?: number;
}) {
  const rowRef = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const hasControls = businesses.length > CAROUSEL_CONTROLS_ABOVE;
  const { stopped, setStopped } = useCarouselAutoplay(rowRef, businesses.length > 1);

  if (loading) {
    return (
      <div aria-hidden="true" className="flex gap-4 overflow-hidden">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="flex w-40 shrink-0 flex-col items-center gap-3 p-4">
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
    );
  }

  if (businesses.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-sand-300 bg-sand-100/60 px-6 py-10 text-center text-ink-muted">
        {CAROUSEL_EMPTY_TEXT}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {/* No CSS smooth scrolling here (the steps ask for it themselves): with snapping, it
          turns the row's first snap into a scroll animation, and Chrome then stops
          measuring the page's Largest Contentful Paint. */}
      <ul
        ref={rowRef}
        aria-label="Partner businesses"
        className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pt-1 pb-3 sm:gap-4 [scrollbar-width:thin]"
        data-testid="business-carousel"
      >
        {businesses.map((business, i) => (
          <li key={business.id} className="w-[9.5rem] shrink-0 snap-start sm:w-[12.5rem]">
            <Link
              to={`/businessproducts/${business.id}`}
              className="group flex h-full flex-col items-center gap-3 rounded-card border border-sand-300 bg-white/70 p-4 text-center no-underline shadow-soft transition-colors hover:border-sage-400"
            >
              <span className="overflow-hidden rounded-full bg-sand-100 ring-4 ring-sage-50">
                {/* The name below says whose logo it is. */}
                <ResponsiveImage
                  src={business.logonew}
                  alt=""
                  width={112}
                  height={112}
                  sizes="112px"
                  priority={i < priorityCount}
                  // Square whatever the logo's own shape: cut to the circle, centred.
                  className="aspect-square size-24 rounded-full object-cover object-center sm:size-28"
                />
              </span>
              <span className="flex items-center gap-1 text-sm leading-snug font-semibold text-forest-900 group-hover:underline sm:text-base">
                {business.name}
                {business.verified ? (
                  <BadgeCheck aria-label="Verified" className="size-4 shrink-0 text-sage-700" />
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasControls ? (
        <div className="flex items-center justify-center gap-2 sm:justify-end">
          {reducedMotion ? null : (
            <button
              type="button"
              className={cx(controlClasses, 'mr-auto sm:mr-2')}
              aria-pressed={stopped}
              aria-label={stopped ? 'Play the carousel' : 'Pause the carousel'}
              onClick={() => setStopped(!stopped)}
            >
              {stopped ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
            </button>
          )}
          <button
            type="button"
            className={controlClasses}
            aria-label="Previous businesses"
            onClick={() => rowRef.current && stepCarousel(rowRef.current, -1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={controlClasses}
            aria-label="Next businesses"
            onClick={() => rowRef.current && stepCarousel(rowRef.current, 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
