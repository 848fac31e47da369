import { SELLER_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@leafline/contract/constants';

/** One page of a dashboard list, with the total the server gave in `X-Total-Count`. */
export interface PagedList<T> {
  items: T[];
  /** Every row of the list (all pages); the page's own length when the header is missing. */
  total: number;
}

export function toPagedList<T>(items: T[], headers: Headers): PagedList<T> {
  const raw = headers.get(TOTAL_COUNT_HEADER);
  const total = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : items.length;
  return { items, total };
}

/** How many pages of SELLER_PAGE_SIZE rows the list has (at least 1). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / SELLER_PAGE_SIZE));
}
