import type { BusinessSummary } from '@leafline/contract/catalog';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_STEP_PX } from '@leafline/contract/constants';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessCarousel, CAROUSEL_EMPTY_TEXT, visibleBusinesses } from './business-carousel';

const businesses = (n: number): BusinessSummary[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Business ${i + 1}`,
    logonew: `/media/logos/b${i + 1}.webp`,
    verified: i % 2 === 0,
  }));

const show = (list: BusinessSummary[]) =>
  render(
    <MemoryRouter>
      <BusinessCarousel businesses={list} />
    </MemoryRouter>,
  );

describe('BusinessCarousel', () => {
  let scrollBy: ReturnType<typeof vi.fn>;
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollBy = vi.fn();
    scrollTo = vi.fn();
    Object.assign(HTMLElement.prototype, { scrollBy, scrollTo });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollBy');
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  });

  it('links each logo and name to the storefront', () => {
    const { container } = show(businesses(3));
    const list = screen.getByRole('list', { name: 'Partner businesses' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/businessproducts/1',
      '/businessproducts/2',
      '/businessproducts/3',
    ]);
    expect(links[1]?.textContent).toBe('Business 2');
    expect(container.querySelectorAll('img')).toHaveLength(3);
  });

  it('shows Previous/Next only with more than 4 businesses', () => {
    const { unmount } = show(businesses(4));
    expect(screen.queryByRole('button', { name: 'Next businesses' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous businesses' })).toBeNull();
    unmount();
    show(businesses(5));
    fireEvent.click(screen.getByRole('button', { name: 'Next businesses' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: CAROUSEL_STEP_PX, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Previous businesses' })).toBeTruthy();
  });

  it('says so when there are no businesses', () => {
    show([]);
    expect(screen.getByText(CAROUSEL_EMPTY_TEXT)).toBeTruthy();
  });

  it('leaves out the hidden ids, keeping the order', () => {
    expect(visibleBusinesses(businesses(6), [2, 5, 99]).map((b) => b.id)).toEqual([1, 3, 4, 6]);
  });

  it('moves by 220 px every 5 s and wraps to the start at the end', () => {
    vi.useFakeTimers();
    show(businesses(6));
    const row = screen.getByTestId('business-carousel');
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1));
    expect(scrollBy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy).toHaveBeenCalledWith({ left: CAROUSEL_STEP_PX, behavior: 'smooth' });

    row.scrollLeft = 1200; // 2000 wide, 800 shown: the end
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('holds still on hover, focus and touch, and when paused', () => {
    vi.useFakeTimers();
    show(businesses(6));
    const row = screen.getByTestId('business-carousel');

    fireEvent.mouseEnter(row);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.mouseLeave(row);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(scrollBy).toHaveBeenCalledTimes(1);

    fireEvent.touchStart(row);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    fireEvent.touchEnd(row);

    fireEvent.focusIn(within(row).getAllByRole('link')[0]!);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    fireEvent.focusOut(within(row).getAllByRole('link')[0]!);

    fireEvent.click(screen.getByRole('button', { name: 'Pause the carousel' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play the carousel' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('does not move by itself when the user prefers reduced motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener() {}, removeEventListener() {} })),
    );
    show(businesses(6));
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(scrollBy).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Pause the carousel' })).toBeNull();
    vi.unstubAllGlobals();
  });
});
