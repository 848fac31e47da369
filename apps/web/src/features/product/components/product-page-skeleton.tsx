import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';

/** The product page's shape while it loads: gallery, title, price, options, button. */
export function ProductPageSkeleton() {
  return (
    <LoadingRegion label="Loading product…" className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <Skeleton className="h-4 w-40" />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="flex flex-col gap-3">
          <Skeleton className="aspect-square w-full rounded-card" />
          <div className="flex gap-2">
            <Skeletons shapes={Array(3).fill('size-16 rounded-xl sm:size-20')} />
          </div>
        </div>
        <div className="flex flex-col gap-4">
          <Skeletons shapes={['h-4 w-32', 'h-10 w-4/5', 'h-7 w-24', 'mt-4 h-4 w-20']} />
          <div className="flex gap-2">
            <Skeletons shapes={Array(3).fill('h-11 w-24 rounded-full')} />
          </div>
          <Skeletons
            shapes={[
              'mt-4 h-12 w-full rounded-full sm:w-56',
              'mt-6 h-4 w-full',
              'h-4 w-11/12',
              'h-4 w-4/5',
            ]}
          />
        </div>
      </div>
    </LoadingRegion>
  );
}
