import { BUSINESS_MESSAGES, ORDER_EMAIL_TEXTS } from '@leafline/contract/business';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

/**
 * Issue 24 point 7: the edit-business form's optional order-notification e-mail, filled from
 * the overview, checked as an e-mail before sending, and sent with the form.
 */

afterEach(() => vi.unstubAllGlobals());

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('the order notification e-mail of the edit-business form', () => {
  it('is filled from the overview, refused when not an e-mail, and sent once valid', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi(
      [businessOverview({ order_email: 'orders@fernflax.example' })],
      (call) =>
        call.url === '/api/business/edit/3/'
          ? jsonResponse(200, { message: 'Business updated.' })
          : undefined,
    );
    renderApp('/dashboard/editbiz?business=3');
    const field = (await screen.findByLabelText(
      ORDER_EMAIL_TEXTS.label,
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(field.value).toBe('orders@fernflax.example');
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(ORDER_EMAIL_TEXTS.hint);

    fill(field, 'orders at fernflax');
    save();
    expect(await screen.findByText(ORDER_EMAIL_TEXTS.invalid)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/business/edit/3/')).toBe(false);

    fill(field, ' team@fernflax.example ');
    save();
    expect(await screen.findByText(BUSINESS_MESSAGES.updated)).toBeTruthy();
    const form = calls.find((c) => c.url === '/api/business/edit/3/')?.body as FormData;
    expect(form.get('order_email')).toBe('team@fernflax.example');
    expect(form.get('email')).toBe('hello@fernflax.example');
  });
});
