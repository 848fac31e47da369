import { SALES_TEXTS } from '@leafline/contract/seller-money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { salesOverview } from '@/test/seller-fixtures';

// uPlot draws on a canvas, which jsdom does not have: the chart module (loaded lazily by the
// sales block) stands in with its accessible name and the figures it was given.
vi.mock('../components/sales-chart', () => ({
  default: ({
    buckets,
    period,
  }: {
    buckets: Array<{ start: string; sales: string }>;
    period: string;
  }) => (
    <div role="img" aria-label={SALES_TEXTS.chartLabel(period)}>
      {buckets.map((b) => `${b.start}=${b.sales}`).join(' ')}
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const signIn = () => setTokens({ access: 'acc', refresh: 'ref' });

describe('the sales block of the Overview section', () => {
  const salesRegion = () => screen.findByRole('region', { name: SALES_TEXTS.heading });
  const figure = (region: HTMLElement, term: string) =>
    within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

  it('shows the payout totals after the commission, orders by status and best sellers', async () => {
    signIn();
    const { calls } = mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/sales/3/' ? jsonResponse(200, salesOverview()) : undefined,
    );
    renderApp('/dashboard/overview?business=3');
    const region = await salesRegion();
    await waitFor(() => expect(figure(region, SALES_TEXTS.paidThisWeek)).toBe('$47.53'));
    expect(within(region).getByText(SALES_TEXTS.payoutsNote).textContent).toBe(
      'After the 3% commission.',
    );
    expect(
      [
        SALES_TEXTS.paidThisWeek,
        SALES_TEXTS.paidThisMonth,
        SALES_TEXTS.paidTotal,
        SALES_TEXTS.pending,
        SALES_TEXTS.reversed,
      ].map((term) => figure(region, term)),
    ).toEqual(['$47.53', '$59.17', '$1,234.56', '$33.95', '$19.40']);

    const statuses = within(region).getByRole('table', { name: SALES_TEXTS.ordersByStatus });
    expect(
      within(statuses)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Pending0', 'Paid2', 'Shipped1', 'Delivered1', 'Refunded1', 'Canceled0']);
    const best = within(region).getByRole('table', { name: /^Best sellers/ });
    expect(
      within(best)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Product', 'Sold', 'Item sales (before discounts)', 'Refunded', 'Item refunds'],
      ['Linen Tote', '4', '$60.00', '0', '$0.00'],
      ['Flax Napkins', '2', '$24.00', '0', '$0.00'],
    ]);
    expect(calls.filter((c) => c.url === '/api/business/sales/3/')).toHaveLength(1);
  });

  it('has a named chart and the same figures as a table; Daily/Weekly is a pressed-button toggle', async () => {
    signIn();
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/sales/3/' ? jsonResponse(200, salesOverview()) : undefined,
    );
    renderApp('/dashboard/overview?business=3');
    const region = await salesRegion();
    const chart = await within(region).findByRole('img', {
      name: SALES_TEXTS.chartLabel(SALES_TEXTS.daily),
    });
    expect(chart.textContent).toContain('2026-03-16=49.00');
    const daily = within(region).getByRole('button', { name: SALES_TEXTS.dailyButton });
    const weekly = within(region).getByRole('button', { name: SALES_TEXTS.weeklyButton });
    expect([daily.getAttribute('aria-pressed'), weekly.getAttribute('aria-pressed')]).toEqual([
      'true',
      'false',
    ]);
    expect(within(region).getByRole('group', { name: SALES_TEXTS.periodLabel })).toBeTruthy();

    const table = within(region).getByRole('table', {
      name: `${SALES_TEXTS.chartTitle}: ${SALES_TEXTS.daily}`,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect([...rows[0]!.children].map((c) => c.textContent)).toEqual([
      SALES_TEXTS.day,
      SALES_TEXTS.orders,
      SALES_TEXTS.sales,
      SALES_TEXTS.refunds,
      SALES_TEXTS.netPayouts,
    ]);
    expect(within(table).getByRole('rowheader', { name: '2026-03-18' })).toBeTruthy();
    expect([...rows[1]!.children].map((c) => c.textContent)).toEqual([
      '2026-03-18',
      '1',
      '$35.00',
      '$0.00',
      '$33.95',
    ]);
    expect([...rows[3]!.children].map((c) => c.textContent)).toEqual([
      '2026-03-16',
      '2',
      '$49.00',
      '$0.00',
      '$47.53',
    ]);

    fireEvent.click(weekly);
    expect(weekly.getAttribute('aria-pressed')).toBe('true');
    expect(daily.getAttribute('aria-pressed')).toBe('false');
    await within(region).findByRole('img', { name: SALES_TEXTS.chartLabel(SALES_TEXTS.weekly) });
    const weeks = within(region).getByRole('table', {
      name: `${SALES_TEXTS.chartTitle}: ${SALES_TEXTS.weekly}`,
    });
    const weekRows = within(weeks).getAllByRole('row');
    expect(weekRows).toHaveLength(13);
    expect(weekRows[0]!.children[0]!.textContent).toBe(SALES_TEXTS.week);
    expect([...weekRows[1]!.children].map((c) => c.textContent)).toEqual([
      '2026-03-16',
      '3',
      '$84.00',
      '$0.00',
      '$81.48',
    ]);
    expect([...weekRows[4]!.children].map((c) => c.textContent)).toEqual([
      '2026-02-23',
      '1',
      '$12.00',
      '$0.00',
      '$11.64',
    ]);
  });

  it('says so when nothing was sold yet (no chart)', async () => {
    signIn();
    mockDashboardApi([businessOverview()]);
    renderApp('/dashboard/overview?business=3');
    const region = await salesRegion();
    await waitFor(() => expect(figure(region, SALES_TEXTS.paidTotal)).toBe('$0.00'));
    expect(within(region).getAllByText(SALES_TEXTS.noSales).length).toBeGreaterThan(0);
    expect(within(region).queryByRole('img')).toBeNull();
    expect(within(region).queryByText(SALES_TEXTS.showTable)).toBeNull();
  });

  it('shows the failure text with Try again, which loads the figures', async () => {
    signIn();
    let fail = true;
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/sales/3/'
        ? fail
          ? jsonResponse(500, undefined)
          : jsonResponse(200, salesOverview())
        : undefined,
    );
    renderApp('/dashboard/overview?business=3');
    const region = await salesRegion();
    expect((await within(region).findByText(SALES_TEXTS.failed)).textContent).toBe(
      SALES_TEXTS.failed,
    );
    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure(region, SALES_TEXTS.paidTotal)).toBe('$1,234.56'));
    expect(within(region).queryByText(SALES_TEXTS.failed)).toBeNull();
  });
});

describe('the payout ledger of the Overview section (issue 29)', () => {
  const row = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    order: 100 + id,
    created_at: `2026-03-1${id}T10:00:00.000Z`,
    gross: '45.00',
    commission: '1.35',
    net: '43.65',
    status: 'paid',
    transfer_id: `tr_${id}`,
    paid_at: '2026-03-10T10:00:00.000Z',
    reversed_at: null,
    ...over,
  });

  it('lists each payout with its figures and state, the totals under them, narrowed by month and status', async () => {
    signIn();
    const { calls } = mockDashboardApi([businessOverview()], (call) => {
      if (call.url === '/api/business/sales/3/') return jsonResponse(200, salesOverview());
      if (!call.url.startsWith('/api/business/payouts/3/')) return undefined;
      const query = new URL(call.url, 'http://x').searchParams;
      if (query.get('status') === 'failed') {
        return jsonResponse(200, {
          count: 0,
          results: [],
          totals: { gross: '0.00', commission: '0.00', net: '0.00' },
        });
      }
      return jsonResponse(200, {
        count: 2,
        results: [row(2, { status: 'reversed', reversed_at: '2026-03-12T11:00:00.000Z' }), row(1)],
        totals: { gross: '90.00', commission: '2.70', net: '87.30' },
      });
    });
    renderApp('/dashboard/overview?business=3');
    const ledger = within(await screen.findByRole('region', { name: 'Payouts' }));
    const table = await ledger.findByRole('table', { name: 'Payouts: 2 payouts, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026-03-12',
      '#102',
      '$45.00',
      '$1.35',
      '$43.65',
      'Payout reversed (order refunded)',
      'tr_2',
    ]);
    const totals = within(table).getByRole('row', { name: /^Total of 2 payouts/ });
    expect(
      within(totals)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['$90.00', '$2.70', '$87.30']);

    fireEvent.change(ledger.getByLabelText('Month'), { target: { value: '2026-03' } });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/business/payouts/3/?page=1&month=2026-03'),
    );
    fireEvent.change(ledger.getByLabelText('Payout status'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/business/payouts/3/?page=1&month=2026-03&status=failed'),
    );
    expect(await ledger.findByText('No payouts match.')).toBeTruthy();

    // The month's statement, once a month is chosen: the CSV the server gives, saved.
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fireEvent.click(ledger.getByRole('button', { name: 'Download the month’s statement (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['leafline-payouts-3-2026-03.csv']));
    expect(calls.at(-1)!.url).toBe('/api/business/payouts/3/statement/?month=2026-03');
    click.mockRestore();
    fireEvent.change(ledger.getByLabelText('Month'), { target: { value: '' } });
    expect(
      (
        ledger.getByRole('button', {
          name: 'Download the month’s statement (CSV)',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
