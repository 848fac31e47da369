import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * What a page's `prepare` gets at start-up (see preloadRoute in app/router): it fetches the
 * data of the page's first screen into the query cache, so the first render shows it.
 */
export interface PrepareContext {
  queryClient: QueryClient;
  params: Readonly<Params<string>>;
  searchParams: URLSearchParams;
}
