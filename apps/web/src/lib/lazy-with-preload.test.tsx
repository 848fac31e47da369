import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const load = vi.fn(async () => Hello);
    const LazyHello = lazyWithPreload(load);
    await LazyHello.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyHello name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    await LazyHello.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('otherwise suspends like React.lazy, then renders', async () => {
    const LazyHello = lazyWithPreload(async () => Hello);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyHello name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
  });

  it('tries a failed load again', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Hello);
    const LazyHello = lazyWithPreload(load);
    await expect(LazyHello.preload()).rejects.toThrow('offline');
    await act(() => LazyHello.preload());
    render(<LazyHello name="Lin" />);
    expect(screen.getByText('Hello Lin')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
