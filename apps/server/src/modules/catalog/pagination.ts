import { CATALOG_MESSAGES } from '@leafline/contract/catalog';
import { AppError } from '../../lib/errors';

/** DRF-style page numbers and links, shared by search and the storefront (DESIGN 2.11). */

export interface PageLinks {
  next: string | null;
  previous: string | null;
}

/** A page past the last one is DRF's 404 'Invalid page.'; page 1 of nothing is an empty page. */
export function assertPageExists(page: number, pageSize: number, total: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) {
    throw new AppError(404, CATALOG_MESSAGES.invalidPage);
  }
}

/**
 * Absolute `next`/`previous` URLs: the public base URL, the request's path and its query
 * parameters as sent, with `page` set (also `page=1`, so a client can always read it).
 */
export function pageLinks(
  publicUrl: string,
  requestUrl: string,
  page: number,
  pageSize: number,
  total: number,
): PageLinks {
  const url = new URL(requestUrl, 'http://request.invalid');
  const link = (target: number) => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(target));
    return `${publicUrl}${url.pathname}?${params.toString()}`;
  };
  return {
    next: page * pageSize < total ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
