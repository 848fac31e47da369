import { TOAST_DEFAULT_MS } from '@leafline/contract/constants';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved!')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Broken.', 1000)}>
        error
      </button>
      <button type="button" onClick={() => toast.show({ type: 'warning', message: 'Careful.' })}>
        warning
      </button>
    </>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows typed toasts in a live region and hides them after 5 s by default', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'warning' }));
    expect(within(region).getByText('Saved!').closest('li')!.dataset.toastType).toBe('success');
    expect(within(region).getByText('Careful.').closest('li')!.dataset.toastType).toBe('warning');

    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1));
    expect(within(region).queryByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region).queryByText('Saved!')).toBeNull();
  });

  it('honours a per-call duration and the dismiss button', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Broken.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved!')).toBeNull();
  });
});
