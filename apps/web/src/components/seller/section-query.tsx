import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryView } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';

export interface QueryStates {
  /** The §8 text of a failed load, when the server gave no reason. */
  failedText: string;
  /** What the loading region says to assistive technology. */
  loadingLabel: string;
  /** The skeletons' classes, one a piece, in the shape of the content. */
  shapes: readonly string[];
}

/**
 * A dashboard part over one query: while it loads, skeletons in a region named `loadingLabel`;
 * when it failed, the server's error (else `failedText`) with Try again; then `children` with
 * the data.
 */
function SectionQuery<T>({
  query,
  failedText,
  loadingLabel,
  shapes,
  children,
}: QueryStates & { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
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

/**
 * A dashboard part for the selected business over one of its queries (`useData`), shown by
 * `render` once loaded, with SectionQuery's loading and failure states.
 */
export function querySection<T>(
  useData: (businessId: number) => UseQueryResult<T>,
  states: QueryStates,
  render: (data: T, businessId: number) => ReactNode,
) {
  return function QuerySection({ businessId }: { businessId: number }) {
    const query = useData(businessId);
    return (
      <SectionQuery query={query} {...states}>
        {(data) => render(data, businessId)}
      </SectionQuery>
    );
  };
}
