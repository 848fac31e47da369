import { SALES_TEXTS } from '@leafline/contract/seller-money';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { noSales, renderSection } from '@/test/seller-fixtures';
import { SalesBlock } from './sales-block';

/**
 * Issue 24 point 6: after its only sale is refunded, the dashboard keeps the sale (gross) and
 * shows the refund apart, in the chart's table and the best sellers — never "No sales yet.".
 */

// The canvas chart has tests of its own (sales-chart.test.tsx); here it only has to be there.
vi.mock('./sales-chart', () => ({
  default: () => <div data-testid="sales-chart" />,
}));

afterEach(() => vi.unstubAllGlobals());

/** One $45 scarf paid on 03-16 and refunded on 03-18 (the last daily bucket). */
function refundedOnly() {
  const base = noSales();
  const daily = base.daily.map((b) =>
    b.start === '2026-03-16'
      ? { ...b, orders: 1, sales: '45.00' }
      : b.start === '2026-03-18'
        ? { ...b, refunds: '45.00' }
        : b,
  );
  const weekly = base.weekly.map((b, i) =>
    i === base.weekly.length - 1 ? { ...b, orders: 1, sales: '45.00', refunds: '45.00' } : b,
  );
  return {
    ...base,
    daily,
    weekly,
    orders_by_status: { ...base.orders_by_status, Refunded: 1 },
    best_sellers: [
      {
        product_id: 9,
        name: 'Wool Scarf',
        quantity: 1,
        sales: '45.00',
        refunded_quantity: 1,
        refunds: '45.00',
      },
    ],
  };
}

describe('sales after a refund', () => {
  it('keep the sale and show the refund apart, in the chart, its table and the best sellers', async () => {
    mockFetch((call) =>
      call.url === '/api/business/sales/3/'
        ? jsonResponse(200, refundedOnly())
        : jsonResponse(404, { error: 'Not found' }),
    );
    renderSection(<SalesBlock businessId={3} />, '/dashboard/overview');
    expect(await screen.findByTestId('sales-chart')).toBeTruthy();
    expect(screen.queryByText(SALES_TEXTS.noSales)).toBeNull();

    // The chart's figures: the sale on its day, the refund on its own.
    const table = screen.getByRole('table', {
      name: `${SALES_TEXTS.chartTitle}: ${SALES_TEXTS.daily}`,
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      SALES_TEXTS.day,
      SALES_TEXTS.orders,
      SALES_TEXTS.sales,
      SALES_TEXTS.refunds,
      SALES_TEXTS.netPayouts,
    ]);
    const cells = (day: string) =>
      within(within(table).getByRole('rowheader', { name: day }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('2026-03-16')).toEqual(['1', '$45.00', '$0.00', '$0.00']);
    expect(cells('2026-03-18')).toEqual(['0', '$0.00', '$45.00', '$0.00']);

    // The best sellers keep the scarf, with what was refunded of it.
    const best = screen.getByRole('table', { name: /Best sellers/ });
    const row = within(best).getByRole('rowheader', { name: 'Wool Scarf' }).closest('tr')!;
    expect(
      within(best)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      SALES_TEXTS.product,
      SALES_TEXTS.quantity,
      SALES_TEXTS.itemSales,
      SALES_TEXTS.refundedQuantity,
      SALES_TEXTS.itemRefunds,
    ]);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '$45.00', '1', '$45.00']);
  });
});
