import { cx } from '@/lib/cx';

/** A grey shape standing in for content while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx('block animate-pulse rounded-lg bg-sand-200/80', className)}
    />
  );
}

/**
 * Skeletons one after another, one class list each: a loading shape written as a list of its
 * pieces (`Array(3).fill(…)` for a row of equal ones).
 */
export function Skeletons({ shapes }: { shapes: readonly string[] }) {
  // The shapes never change order while shown: their place is their identity.
  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, see above
  return shapes.map((shape, i) => <Skeleton key={i} className={shape} />);
}

/** Announces loading to assistive technology while skeletons are shown. */
export function LoadingRegion({
  label = 'Loading…',
  children,
  className,
}: {
  label?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** The shape of a page while its code or data loads. */
export function PageSkeleton() {
  return (
    <LoadingRegion className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-4 h-10 w-3/4" />
      <Skeleton className="mt-6 h-4 w-full" />
      <Skeleton className="mt-3 h-4 w-5/6" />
      <Skeleton className="mt-10 h-40 w-full rounded-card" />
    </LoadingRegion>
  );
}
