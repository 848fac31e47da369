import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { type PagedList, pageCount } from '@/lib/seller/paged-list';

/** A list with nothing in it yet: what it will hold, and what to do next. */
export function EmptyList({
  icon: Icon,
  title,
  hint,
  children,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-sand-300 bg-white/50 px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-10 text-sage-700" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-ink-muted">{hint}</p>
      {children}
    </div>
  );
}

/** What a list says while it loads, when it failed, and what its page numbers are called. */
export interface ListStates {
  /** The §8 text of a failed load, when the server gave no reason (the list is cleared). */
  failedText: string;
  loadingLabel: string;
  /** The skeletons: how many rows, of which classes. */
  skeleton: { rows: number; className: string; gap: string };
  pagesLabel: string;
}

export interface SellerListProps<T> extends ListStates {
  query: UseQueryResult<PagedList<T>>;
  /** Shown when the business has none at all. */
  empty: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  /** The page's rows, with the total of the whole list. */
  children: (list: PagedList<T>) => ReactNode;
}

/**
 * One page of a seller's list (orders, products): skeletons while it loads, the failure with
 * Try again, the empty state, or the rows and the page numbers.
 */
export function SellerList<T>({
  query,
  failedText,
  loadingLabel,
  skeleton,
  empty,
  page,
  onPageChange,
  pagesLabel,
  children,
}: SellerListProps<T>) {
  if (query.isError) {
    return (
      <RetryNotice
        message={errorMessage(query.error, failedText)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending) {
    return (
      <LoadingRegion label={loadingLabel}>
        <div className={`flex flex-col ${skeleton.gap}`}>
          {Array.from({ length: skeleton.rows }, (_, i) => (
            // A fixed number of identical shapes: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Skeleton key={i} className={skeleton.className} />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (query.data.items.length === 0 && query.data.total === 0) return empty;
  return (
    <>
      {children(query.data)}
      <Pagination
        page={page}
        pageCount={pageCount(query.data.total)}
        onPageChange={onPageChange}
        label={pagesLabel}
      />
    </>
  );
}
