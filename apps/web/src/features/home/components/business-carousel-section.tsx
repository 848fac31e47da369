import { useHiddenBusinesses } from '../api/get-hidden-businesses';
import { usePublicBusinesses } from '../api/get-public-businesses';
import { BusinessCarousel, visibleBusinesses } from './business-carousel';

/** 'Shop By Small Eco-Business' with its data: open businesses minus the hidden ids. */
export function BusinessCarouselSection() {
  const businesses = usePublicBusinesses();
  // Without the hidden list (it failed) every open business is shown: better than none.
  const hidden = useHiddenBusinesses();
  const loading = businesses.isPending || hidden.isPending;
  const shown = visibleBusinesses(businesses.data ?? [], hidden.data?.ids ?? []);
  return (
    <section aria-labelledby="businesses-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="businesses-heading" className="text-2xl font-semibold sm:text-3xl">
          Shop By Small Eco-Business
        </h2>
        <p className="mt-1 text-ink-muted">Independent makers, each with a story to tell.</p>
      </div>
      <BusinessCarousel businesses={shown} loading={loading} />
    </section>
  );
}
