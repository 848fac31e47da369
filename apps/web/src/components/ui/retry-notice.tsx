import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { cx } from '@/lib/cx';

/** A load that failed: the page's text, and a Try again that loads it again. */
export function RetryNotice({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col items-start gap-4', className)}>
      <Notice tone="error">{message}</Notice>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A query's three states: its skeleton while it loads, the server's error (else `failedText`)
 * with Try again when it failed, and `children` with the data.
 */
export function QueryView<T>({
  query,
  loading,
  failedText,
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  failedText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <RetryNotice
        message={errorMessage(query.error, failedText)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data as T);
}
