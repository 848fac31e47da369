import { SEARCH_INPUT_PAUSE_MS } from '@leafline/contract/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with the first value', () => {
    const { result } = renderHook(() => useDebouncedValue('bamboo'));
    expect(result.current).toBe('bamboo');
  });

  it('changes only after the search pause (500 ms) without new input', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: '' },
    });
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(SEARCH_INPUT_PAUSE_MS - 1));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('b');
  });

  it('restarts the wait on every keystroke and keeps only the last value', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
      initialProps: { value: '' },
    });
    for (const value of ['s', 'so', 'soa', 'soap']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(400));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('soap');
  });

  it('uses a custom delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 50), {
      initialProps: { value: 1 },
    });
    rerender({ value: 2 });
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(2);
  });

  it('does not fire after unmounting', () => {
    const { rerender, unmount } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
