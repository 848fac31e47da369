import { SHIPPING_FEE_MESSAGES, type ShippingFeesResponse } from '@leafline/contract/cart';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const stored: ShippingFeesResponse = {
  business: 3,
  worldwide_shipping_fee: '12.00',
  all_except_selected_fee: null,
  threshold_free: '50.00',
  country_fees: [{ country: 'CA', fee: '9.00' }],
};

function server(save: (call: RecordedCall) => Response = () => jsonResponse(500, undefined)) {
  return mockDashboardApi([businessOverview()], (call) => {
    if (call.url !== '/api/shipping-fees/3/') return undefined;
    return call.method === 'GET' ? jsonResponse(200, stored) : save(call);
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const previewList = () => screen.getByRole('list', { name: 'Country fees' });

describe('dashboard shipping fees', () => {
  it('takes only real country codes (ISO 3166), offered as one types (issue 24)', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server();
    renderApp('/dashboard/logistics?business=3');
    await screen.findByLabelText('Worldwide shipping fee ($)');
    const code = field('Country code');
    // The choices: every country by its code and name, once.
    const list = document.getElementById(code.getAttribute('list') ?? '');
    const options = [...(list?.querySelectorAll('option') ?? [])];
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Germany');
    expect(options.some((o) => o.value === 'XX')).toBe(false);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(options.length).toBeGreaterThanOrEqual(249);

    const add = screen.getByRole('button', { name: 'Add country fee' });
    fill(code, 'xx');
    fill(field('Fee ($)'), '5');
    fireEvent.click(add);
    expect(screen.getByText(SHIPPING_FEE_MESSAGES.countryUnknown('XX'))).toBeTruthy();
    expect(within(previewList()).queryByText(/XX/)).toBeNull();
    fill(code, 'de');
    fireEvent.click(add);
    expect(within(previewList()).getByText('DE: $5.00')).toBeTruthy();
    expect(screen.queryByText(SHIPPING_FEE_MESSAGES.countryUnknown('XX'))).toBeNull();
    // The first test of the file also loads the dashboard's lazy route: slow on a busy machine.
  }, 30_000);

  it('shows the saved setting; a country fee joins the preview only with code and fee', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server();
    renderApp('/dashboard/logistics?business=3');
    const worldwide = (await screen.findByLabelText(
      'Worldwide shipping fee ($)',
    )) as HTMLInputElement;
    expect(worldwide.value).toBe('12.00');
    expect(worldwide.getAttribute('step')).toBe('0.01');
    expect(field('Fee for all countries except those listed ($)').value).toBe('');
    expect(field('Free shipping from an order of ($, optional)').value).toBe('50.00');
    expect(within(previewList()).getByText('CA: $9.00')).toBeTruthy();

    const add = screen.getByRole('button', { name: 'Add country fee' });
    fill(field('Country code'), 'gb');
    expect(field('Country code').value).toBe('GB');
    fireEvent.click(add);
    expect(screen.getByText(SHIPPING_FEE_MESSAGES.countryFeeIncomplete)).toBeTruthy();
    expect(within(previewList()).queryByText(/GB/)).toBeNull();

    fill(field('Country code'), '');
    fill(field('Fee ($)'), '7.5');
    fireEvent.click(add);
    expect(within(previewList()).getAllByRole('listitem')).toHaveLength(1);

    fill(field('Country code'), 'gb');
    fireEvent.click(add);
    expect(within(previewList()).getByText('GB: $7.50')).toBeTruthy();
    expect(screen.queryByText(SHIPPING_FEE_MESSAGES.countryFeeIncomplete)).toBeNull();
    expect(field('Country code').value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove CA' }));
    expect(within(previewList()).queryByText('CA: $9.00')).toBeNull();
    expect(within(previewList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends empty fees as null and shows what the server says', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let answer = (call: RecordedCall) =>
      jsonResponse(200, {
        ...(call.body as object),
        business: 3,
        country_fees: [],
        message: SHIPPING_FEE_MESSAGES.saved,
      });
    const { calls } = server((call) => answer(call));
    renderApp('/dashboard/logistics?business=3');
    fill(await screen.findByLabelText('Worldwide shipping fee ($)'), '');
    fill(field('Fee for all countries except those listed ($)'), '4.25');
    fireEvent.click(screen.getByRole('button', { name: 'Remove CA' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save shipping fees' }));
    expect(await screen.findByText(SHIPPING_FEE_MESSAGES.saved)).toBeTruthy();
    const post = calls.find((c) => c.url === '/api/shipping-fees/3/' && c.method === 'POST');
    expect(post?.body).toEqual({
      worldwide_shipping_fee: null,
      all_except_selected_fee: '4.25',
      threshold_free: '50.00',
      country_fees: [],
    });

    answer = () => jsonResponse(400, { error: 'Country fee must be an amount like 5.00.' });
    fireEvent.click(screen.getByRole('button', { name: 'Save shipping fees' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Country fee must be an amount like 5.00.',
      ),
    );
  });

  it('reads country fees given as country_code and country_fee', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/shipping-fees/3/'
        ? jsonResponse(200, {
            ...stored,
            country_fees: [{ country_code: 'mx', country_fee: '6.00' }],
          })
        : undefined,
    );
    renderApp('/dashboard/logistics?business=3');
    expect(await screen.findByText('MX: $6.00')).toBeTruthy();
  });
});
