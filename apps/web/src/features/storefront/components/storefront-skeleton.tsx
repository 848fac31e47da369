import { ProductGridSkeleton } from '@/components/product/product-grid';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';

/** The storefront's shape while the business loads: banner, logo, name, sections, grid. */
export function StorefrontSkeleton() {
  return (
    <LoadingRegion
      label="Loading storefront…"
      className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10"
    >
      <Skeleton className="aspect-[16/5] w-full rounded-card" />
      <div className="mt-4 flex items-center gap-4 sm:mt-0 sm:items-end sm:gap-6 sm:px-6">
        <Skeleton className="size-16 shrink-0 rounded-full sm:-mt-14 sm:size-28 sm:border-4 sm:border-cream" />
        <Skeleton className="h-9 w-64" />
      </div>
      <Skeletons
        shapes={[
          'mt-10 h-7 w-32',
          'mt-4 h-4 w-full max-w-2xl',
          'mt-3 h-4 w-5/6 max-w-xl',
          'mt-12 h-7 w-32',
        ]}
      />
      <div aria-hidden="true" className="mt-6">
        <ProductGridSkeleton count={4} />
      </div>
    </LoadingRegion>
  );
}
