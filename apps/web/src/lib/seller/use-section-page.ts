import { useState } from 'react';

/** The page of a dashboard list, back to 1 when another business is selected. */
export function useSectionPage(businessId: number): [number, (page: number) => void] {
  const [state, setState] = useState({ businessId, page: 1 });
  const page = state.businessId === businessId ? state.page : 1;
  return [page, (next: number) => setState({ businessId, page: next })];
}
