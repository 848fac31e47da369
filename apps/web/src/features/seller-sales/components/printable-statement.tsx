import { LEDGER_TEXTS as TEXTS } from '@leafline/contract/seller-money';
import { PAYOUT_STATE_LABELS } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useOwnedBusinesses } from '@/lib/api/get-owned-businesses';
import { apiCall, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { usePrintOnce } from '@/lib/print';

type Ledger = Awaited<ReturnType<typeof ledgerPage>>;
type Row = Ledger['results'][number];

const ledgerPage = (businessId: number, month: string, page: number) =>
  apiCall(SELLER_ROUTES.payoutLedger, { params: { businessId }, query: { month, page } });

/** Every payout of the month (all its pages), oldest first as a statement reads, and its totals. */
export async function monthStatement(businessId: number, month: string) {
  const rows: Row[] = [];
  let totals: Ledger['totals'] | undefined;
  for (let page = 1; ; page++) {
    const answer = await ledgerPage(businessId, month, page);
    rows.push(...answer.results);
    totals = answer.totals;
    if (rows.length >= answer.count || answer.results.length === 0) break;
  }
  return { rows: rows.reverse(), totals: totals!, count: rows.length };
}

/**
 * The month's statement printed (issue 29, point 9): the brand, the month, every payout oldest
 * first with its gross, commission and net, and the totals (the CSV statement's, as a page).
 * Its rows are read when asked; then the print dialog opens; `onDone` when it closes, or when
 * the rows could not be read (`onError` says why).
 */
export function PrintableStatement({
  businessId,
  month,
  onDone,
  onError,
}: {
  businessId: number;
  month: string;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const owned = useOwnedBusinesses();
  const brand = owned.data?.businesses.find((b) => b.id === businessId)?.name ?? '';
  const [statement, setStatement] = useState<Awaited<ReturnType<typeof monthStatement>>>();
  useEffect(() => {
    let live = true;
    monthStatement(businessId, month).then(
      (read) => live && setStatement(read),
      (failure: unknown) => {
        if (!live) return;
        onError(errorMessage(failure, TEXTS.statementFailed));
        onDone();
      },
    );
    return () => {
      live = false;
    };
  }, [businessId, month, onDone, onError]);
  usePrintOnce(statement !== undefined && !owned.isPending, onDone);
  if (!statement) return null;
  return createPortal(
    <section
      className="print-only p-10 text-ink"
      aria-label={TEXTS.printTitle(month)}
      data-testid="printable-statement"
    >
      <header className="mb-6 border-b border-ink pb-4">
        <p className="text-2xl font-semibold">{brand}</p>
        <h2 className="text-lg font-semibold">{TEXTS.printTitle(month)}</h2>
        <p className="text-sm">{TEXTS.printDates}</p>
      </header>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-ink">
            {TEXTS.columns.map((column, i) => (
              <th key={column} scope="col" className={i >= 2 && i <= 4 ? 'p-1 text-right' : 'p-1'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statement.rows.map((row) => (
            <tr key={row.id} className="border-b border-sand-300">
              <td className="p-1">{row.created_at.slice(0, 10)}</td>
              <td className="p-1">#{row.order}</td>
              <td className="p-1 text-right tabular-nums">{formatMoney(row.gross)}</td>
              <td className="p-1 text-right tabular-nums">{formatMoney(row.commission)}</td>
              <td className="p-1 text-right tabular-nums">{formatMoney(row.net)}</td>
              <td className="p-1">{PAYOUT_STATE_LABELS[row.status]}</td>
              <td className="p-1 font-mono text-xs break-all">{row.transfer_id ?? '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="p-1">
              {TEXTS.totals(statement.count)}
            </th>
            <td className="p-1 text-right tabular-nums">{formatMoney(statement.totals.gross)}</td>
            <td className="p-1 text-right tabular-nums">
              {formatMoney(statement.totals.commission)}
            </td>
            <td className="p-1 text-right tabular-nums">{formatMoney(statement.totals.net)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
    </section>,
    document.body,
  );
}
