import type { UseQueryResult } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';

/** How a failed page offers another try; absent when the thing does not exist (404). */
export interface RetryProps {
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * A page about one thing fetched by its id (a product, a business): an unreadable id or a
 * 404 says it does not exist, another failure offers to try again, and while it loads the
 * page's skeleton shows.
 */
export function DetailQuery<T>({
  validId,
  query,
  skeleton,
  failed,
  children,
}: {
  validId: boolean;
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  failed: (retry: RetryProps) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (!validId) return failed({});
  if (query.isPending) return skeleton;
  if (query.isError) {
    return isApiError(query.error, 404)
      ? failed({})
      : failed({ onRetry: () => void query.refetch(), retrying: query.isFetching });
  }
  return children(query.data as T);
}

/** A failed page's way on: Try again when it may work next time, and back to the shop. */
export function RetryOrBackToShop({ onRetry, retrying }: RetryProps) {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {onRetry ? (
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      ) : null}
      <Link to="/shop" className={buttonClasses(onRetry ? 'secondary' : 'primary')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the shop
      </Link>
    </div>
  );
}
