import { PAGER_ALL_NUMBERS_UP_TO } from '@leafline/contract/constants';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type PageItem, Pagination, pageItems } from './pagination';

const S = 'start-ellipsis';
const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const E = 'end-ellipsis';

describe('pageItems', () => {
  it('shows nothing without pages and the one page alone', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, -3)).toEqual([]);
    expect(pageItems(1, Number.NaN)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('shows every number up to 5 pages', () => {
    expect(PAGER_ALL_NUMBERS_UP_TO).toBe(5);
    for (let count = 1; count <= 5; count++) {
      for (let page = 1; page <= count; page++) {
        expect(pageItems(page, count)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      }
    }
  });

  it.each<[number, number, PageItem[]]>([
    [1, 6, [1, 2, E, 6]],
    [2, 6, [1, 2, 3, E, 6]],
    [3, 6, [1, 2, 3, 4, E, 6]],
    [4, 6, [1, S, 3, 4, 5, 6]],
    [5, 6, [1, S, 4, 5, 6]],
    [6, 6, [1, S, 5, 6]],
    [1, 7, [1, 2, E, 7]],
    [4, 7, [1, S, 3, 4, 5, E, 7]],
    [7, 7, [1, S, 6, 7]],
    [1, 12, [1, 2, E, 12]],
    [2, 12, [1, 2, 3, E, 12]],
    [3, 12, [1, 2, 3, 4, E, 12]],
    [4, 12, [1, S, 3, 4, 5, E, 12]],
    [6, 12, [1, S, 5, 6, 7, E, 12]],
    [9, 12, [1, S, 8, 9, 10, E, 12]],
    [10, 12, [1, S, 9, 10, 11, 12]],
    [11, 12, [1, S, 10, 11, 12]],
    [12, 12, [1, S, 11, 12]],
    [500, 1000, [1, S, 499, 500, 501, E, 1000]],
  ])('page %i of %i', (page, count, expected) => {
    expect(pageItems(page, count)).toEqual(expected);
  });

  it('clamps a page out of range or not a whole number', () => {
    expect(pageItems(0, 8)).toEqual(pageItems(1, 8));
    expect(pageItems(-4, 8)).toEqual(pageItems(1, 8));
    expect(pageItems(99, 8)).toEqual(pageItems(8, 8));
    expect(pageItems(Number.NaN, 8)).toEqual(pageItems(1, 8));
    expect(pageItems(3.7, 8)).toEqual(pageItems(3, 8));
    expect(pageItems(3, 8.9)).toEqual(pageItems(3, 8));
  });

  it('keeps its rules for every page of 1 to 12 pages', () => {
    for (let count = 1; count <= 12; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        const label = `page ${page} of ${count}`;
        // Ascending, no duplicates, within range.
        expect(numbers, label).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(Math.min(...numbers), label).toBe(1);
        expect(Math.max(...numbers), label).toBe(count);
        // The current page and its neighbours are always there.
        for (const n of [page - 1, page, page + 1].filter((n) => n >= 1 && n <= count)) {
          expect(numbers, label).toContain(n);
        }
        if (count <= 5) expect(items, label).toHaveLength(count);
        else {
          // Only first, last, current and neighbours; a gap between two shown numbers is
          // always an ellipsis, and an ellipsis always stands for a gap.
          const allowed = new Set([1, count, page - 1, page, page + 1]);
          for (const n of numbers) expect(allowed.has(n), label).toBe(true);
          expect(items.length, label).toBeLessThanOrEqual(7);
          items.forEach((item, i) => {
            if (typeof item === 'number') {
              const next = items[i + 1];
              if (typeof next === 'number') expect(next, label).toBe(item + 1);
            } else {
              const before = items[i - 1] as number;
              const after = items[i + 1] as number;
              expect(after - before, label).toBeGreaterThan(1);
            }
          });
          expect(items.filter((item) => item === S).length, label).toBeLessThanOrEqual(1);
          expect(items.filter((item) => item === E).length, label).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('Pagination', () => {
  it('is hidden with one page (or none)', () => {
    const { container, rerender } = render(
      <Pagination page={1} pageCount={1} onPageChange={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<Pagination page={1} pageCount={0} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('is a named navigation landmark with the current page marked', () => {
    render(<Pagination page={4} pageCount={12} onPageChange={() => {}} label="Products pages" />);
    const nav = screen.getByRole('navigation', { name: 'Products pages' });
    const current = within(nav).getByRole('button', { name: 'Page 4' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 3' }).hasAttribute('aria-current')).toBe(
      false,
    );
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Previous', 'Page 1', 'Page 3', 'Page 4', 'Page 5', 'Page 12', 'Next']);
    // Ellipses are shown but are not controls.
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    for (const dots of within(nav).getAllByText('…')) expect(dots.closest('button')).toBeNull();
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={() => {}} />);
    expect(disabled(screen.getByRole('button', { name: 'Previous' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Next' }))).toBe(false);
    rerender(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);
    expect(disabled(screen.getByRole('button', { name: 'Previous' }))).toBe(false);
    expect(disabled(screen.getByRole('button', { name: 'Next' }))).toBe(true);
  });

  it('reports the chosen page, and not the page already shown', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageCount={8} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1], [8]]);
  });

  it("follows the server's next and previous when given", () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={2}
        pageCount={5}
        hasPrevious={false}
        hasNext={false}
        onPageChange={onPageChange}
      />,
    );
    expect(disabled(screen.getByRole('button', { name: 'Previous' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Next' }))).toBe(true);
  });

  it('shows Previous and Next when the server has more pages than counted', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={1} hasNext onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
