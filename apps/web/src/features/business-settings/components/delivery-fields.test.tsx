import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { DELIVERY_FORM_TEXTS, DELIVERY_MESSAGES } from '@leafline/contract/delivery-texts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

/**
 * Decision 0052: the edit-business form's processing time and returns policy, filled from the
 * overview, checked with the contract's rules before sending, and sent with the form.
 */

afterEach(() => vi.unstubAllGlobals());

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('the delivery fields of the edit-business form', () => {
  it('are filled from the overview, refused out of range, and sent once valid', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi(
      [businessOverview({ processing_days: 3, returns_accepted: true, returns_days: 45 })],
      (call) =>
        call.url === '/api/business/edit/3/'
          ? jsonResponse(200, { message: 'Business updated.' })
          : undefined,
    );
    renderApp('/dashboard/editbiz?business=3');
    const processing = (await screen.findByLabelText(
      DELIVERY_FORM_TEXTS.processingDays,
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(processing.value).toBe('3');
    const accepts = screen.getByLabelText(DELIVERY_FORM_TEXTS.returnsAccepted) as HTMLInputElement;
    expect(accepts.checked).toBe(true);
    const days = screen.getByLabelText(DELIVERY_FORM_TEXTS.returnsDays) as HTMLInputElement;
    expect(days.value).toBe('45');

    fill(processing, '40');
    save();
    expect(await screen.findByText(DELIVERY_MESSAGES.processingDays)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/business/edit/3/')).toBe(false);

    fill(processing, '5');
    fireEvent.click(accepts);
    expect(screen.queryByLabelText(DELIVERY_FORM_TEXTS.returnsDays)).toBeNull();
    save();
    expect(await screen.findByText(BUSINESS_MESSAGES.updated)).toBeTruthy();
    const form = calls.find((c) => c.url === '/api/business/edit/3/')?.body as FormData;
    expect(form.get('processing_days')).toBe('5');
    expect(form.get('returns_accepted')).toBe('false');
    expect(form.get('returns_days')).toBeNull();
  });
});
