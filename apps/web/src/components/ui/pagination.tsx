import { PAGER_ALL_NUMBERS_UP_TO } from '@leafline/contract/constants';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { cx } from '@/lib/cx';

/** One slot of the pager: a page number, or a gap shown as '…'. */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The slots of the pager (SPEC §4 Pagination): every number up to 5 pages; beyond that the
 * first page, the last page and the current page with its neighbours, an ellipsis standing
 * for each run of pages left out. No pages gives no slots. `page` is clamped into range.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const count = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0;
  if (count === 0) return [];
  const all = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= PAGER_ALL_NUMBERS_UP_TO) return all;

  const current = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), count);
  const shown = new Set([1, current - 1, current, current + 1, count]);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of all) {
    if (!shown.has(n)) continue;
    if (n - previous > 1) items.push(previous === 1 ? 'start-ellipsis' : 'end-ellipsis');
    items.push(n);
    previous = n;
  }
  return items;
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /**
   * Whether the server has a previous/next page (DRF `previous`/`next`); when given they
   * decide the Previous/Next buttons instead of the page arithmetic.
   */
  hasPrevious?: boolean | undefined;
  hasNext?: boolean | undefined;
  /** The name of the navigation landmark; name it when a page has more than one pager. */
  label?: string;
  className?: string;
}

const itemBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-full px-2 text-sm font-medium sm:h-10 sm:min-w-10';

const stepButton = cx(
  itemBase,
  'gap-1 text-forest-900 transition-colors hover:bg-sage-100',
  'disabled:cursor-not-allowed disabled:text-ink-muted/60 disabled:hover:bg-transparent sm:px-3',
);

/**
 * Previous, the page numbers with ellipses, and Next (SPEC §4 Pagination). Hidden when there
 * is only one page. The numbers are buttons: the page decides what a page change does
 * (fetch, scroll to the top of the list).
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  hasPrevious,
  hasNext,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const items = pageItems(page, pageCount);
  const current = Math.min(Math.max(1, page), Math.max(1, pageCount));
  const canGoBack = hasPrevious ?? page > 1;
  const canGoOn = hasNext ?? page < pageCount;
  if (items.length <= 1 && !canGoBack && !canGoOn) return null;

  const go = (target: number) => {
    if (target >= 1 && target !== page) onPageChange(target);
  };

  return (
    <nav aria-label={label} className={cx('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={stepButton}
            disabled={!canGoBack}
            onClick={() => go(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
                className={cx(
                  itemBase,
                  'tabular-nums transition-colors',
                  item === current
                    ? 'bg-forest-900 text-cream'
                    : 'text-forest-900 hover:bg-sage-100',
                )}
              >
                {item}
              </button>
            </li>
          ) : (
            <li
              key={item}
              className="inline-flex h-9 w-5 items-center justify-center text-ink-muted sm:h-10 sm:w-6"
            >
              <span aria-hidden="true">…</span>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={stepButton}
            disabled={!canGoOn}
            onClick={() => go(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
