import { PLACEHOLDER_ROTATE_MS } from '@leafline/contract/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_EXAMPLES } from '../lib/search-examples';
import { useRotatingPlaceholder } from './use-rotating-placeholder';

function mockReducedMotion(initial: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initial,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

describe('useRotatingPlaceholder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('has seven real examples', () => {
    expect(SEARCH_EXAMPLES).toHaveLength(7);
    expect(new Set(SEARCH_EXAMPLES).size).toBe(7);
  });

  it('moves to the next example every 3 s and wraps around', () => {
    const { result } = renderHook(() => useRotatingPlaceholder(SEARCH_EXAMPLES));
    expect(result.current.placeholder).toBe(SEARCH_EXAMPLES[0]);
    act(() => vi.advanceTimersByTime(PLACEHOLDER_ROTATE_MS - 1));
    expect(result.current.placeholder).toBe(SEARCH_EXAMPLES[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.placeholder).toBe(SEARCH_EXAMPLES[1]);
    act(() => vi.advanceTimersByTime(PLACEHOLDER_ROTATE_MS * 6));
    expect(result.current.placeholder).toBe(SEARCH_EXAMPLES[0]);
    expect(result.current.index).toBe(0);
  });

  it('holds still while the input has focus, and resumes on blur', () => {
    const { result } = renderHook(() => useRotatingPlaceholder(['a', 'b', 'c'], 1000));
    act(() => result.current.onFocus());
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.placeholder).toBe('a');
    act(() => result.current.onBlur());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.placeholder).toBe('b');
  });

  it('holds still when the user prefers reduced motion, and follows a change', () => {
    const motion = mockReducedMotion(true);
    const { result } = renderHook(() => useRotatingPlaceholder(['a', 'b'], 1000));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.placeholder).toBe('a');
    act(() => motion.set(false));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.placeholder).toBe('b');
    act(() => motion.set(true));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.placeholder).toBe('b');
  });

  it('rotates when the system allows motion', () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useRotatingPlaceholder(['a', 'b'], 1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.placeholder).toBe('b');
  });

  it('holds still when paused by the caller', () => {
    const { result, rerender } = renderHook(
      ({ paused }) => useRotatingPlaceholder(['a', 'b'], 1000, { paused }),
      { initialProps: { paused: true } },
    );
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.placeholder).toBe('a');
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.placeholder).toBe('b');
  });

  it('copes with no examples or one example without a timer', () => {
    const none = renderHook(() => useRotatingPlaceholder([]));
    expect(none.result.current.placeholder).toBe('');
    const one = renderHook(() => useRotatingPlaceholder(['only']));
    expect(one.result.current.placeholder).toBe('only');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timer on unmount', () => {
    const { unmount } = renderHook(() => useRotatingPlaceholder(['a', 'b']));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
