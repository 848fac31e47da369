import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryView } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';

/**
 * A dashboard part over one query: while it loads, skeletons of `shapes` in a region named
 * `loadingLabel`; when it failed, the server's error (else `failedText`) with Try again; then
 * `children` with the data.
 */
export function SectionQuery<T>({
  query,
  failedText,
  loadingLabel,
  shapes,
  children,
}: {
  query: UseQueryResult<T>;
  failedText: string;
  loadingLabel: string;
  /** The skeletons' classes, one a piece, in the shape of the content. */
  shapes: readonly string[];
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      failedText={failedText}
      loading={
        <LoadingRegion label={loadingLabel} className="grid gap-4">
          <Skeletons shapes={shapes} />
        </LoadingRegion>
      }
    >
      {children}
    </QueryView>
  );
}
