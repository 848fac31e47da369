import { LEDGER_TEXTS } from '@leafline/contract/seller-money';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderSection } from '@/test/seller-fixtures';
import { PrintableStatement } from './printable-statement';

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, day: string, net: string) => ({
  id,
  order: 100 + id,
  created_at: `2026-11-${day}T10:00:00.000Z`,
  gross: '10.00',
  commission: '0.30',
  net,
  status: 'paid' as const,
  transfer_id: `tr_${id}`,
});

describe('PrintableStatement (issue 29, point 9)', () => {
  it('reads every page of the month, prints it oldest first with the totals, then is done', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const totals = { gross: '30.00', commission: '0.90', net: '29.10' };
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/business/payouts/3/')) {
        const page = new URL(call.url, 'http://x').searchParams.get('page');
        return jsonResponse(200, {
          count: 3,
          results:
            page === '1' ? [row(3, '20', '9.70'), row(2, '12', '9.70')] : [row(1, '02', '9.70')],
          totals,
        });
      }
      if (call.url === '/api/business/dashboard/') {
        return jsonResponse(200, { businesses: [{ id: 3, name: 'Fern & Flax', logonew: null }] });
      }
      return jsonResponse(404, { error: 'Not found.' });
    });
    const onDone = vi.fn();
    renderSection(
      <PrintableStatement businessId={3} month="2026-11" onDone={onDone} onError={vi.fn()} />,
    );
    const page = await screen.findByTestId('printable-statement');
    expect(page.className).toContain('print-only');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(within(page).getByText(LEDGER_TEXTS.printTitle('2026-11'))).toBeTruthy();
    const orders = within(page)
      .getAllByRole('row')
      .slice(1, -1)
      .map((tr) => within(tr).getAllByRole('cell')[1]!.textContent);
    expect(orders).toEqual(['#101', '#102', '#103']);
    expect(within(page).getByRole('rowheader').textContent).toBe(LEDGER_TEXTS.totals(3));
    expect(page.textContent).toContain('$29.10');
    expect(calls.filter((c) => c.url.includes('/payouts/')).map((c) => c.url)).toEqual([
      '/api/business/payouts/3/?month=2026-11&page=1',
      '/api/business/payouts/3/?month=2026-11&page=2',
    ]);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(onDone).toHaveBeenCalled();
  });
});
