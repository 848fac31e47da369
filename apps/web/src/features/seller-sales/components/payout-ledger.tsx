import { PAYOUT_ROW_STATUSES, LEDGER_TEXTS as TEXTS } from '@leafline/contract/seller-money';
import { PAYOUT_STATE_LABELS } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import Download from 'lucide-react/icons/download';
import Printer from 'lucide-react/icons/printer';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { RetryNotice } from '@/components/ui/retry-notice';
import { SelectField } from '@/components/ui/select-field';
import { LoadingRegion, Skeletons } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { apiCallStream, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { fileName, saveFile } from '@/lib/save-file';
import { pageCount } from '@/lib/seller/paged-list';
import { type LedgerFilter, usePayouts } from '../api/get-payouts';
import { PrintableStatement } from './printable-statement';

const STATUS_OPTIONS = [
  { value: '', label: TEXTS.allStatuses },
  ...PAYOUT_ROW_STATUSES.map((status) => ({ value: status, label: TEXTS.statuses[status] })),
];

/** A payout's date as the brand's statement reads it, in UTC (the month filter's zone). */
const utcDate = (iso: string) => iso.slice(0, 10);

/**
 * The payout ledger (issue 29, point 9): every payout of the business — date, order, gross,
 * commission, net, state, the provider's transfer — newest first, narrowed to a month and a
 * state, with the totals of all it narrowed (the month's statement).
 */
export function PayoutLedger({ businessId }: { businessId: number }) {
  const [filter, setFilter] = useState<LedgerFilter>({ month: '', status: '' });
  const [page, setPage] = useState(1);
  const query = usePayouts(businessId, page, filter);
  const change = (next: Partial<LedgerFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <section aria-labelledby="payout-ledger-heading" className="flex flex-col gap-4">
      <h3 id="payout-ledger-heading" className="text-xl font-semibold">
        {TEXTS.heading}
      </h3>
      <div className="grid gap-3 sm:max-w-2xl sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          type="month"
          label={TEXTS.monthLabel}
          hint={TEXTS.monthHint}
          value={filter.month}
          onChange={(event) => change({ month: event.target.value })}
        />
        <SelectField
          label={TEXTS.statusLabel}
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(event) => change({ status: event.target.value as LedgerFilter['status'] })}
        />
        <StatementButton businessId={businessId} month={filter.month} />
      </div>
      {query.isPending ? (
        <LoadingRegion label={TEXTS.loading} className="flex flex-col gap-2">
          <Skeletons shapes={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']} />
        </LoadingRegion>
      ) : query.isError ? (
        <RetryNotice
          message={errorMessage(query.error, TEXTS.failed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.count === 0 ? (
        <p className="text-ink-muted">
          {filter.month || filter.status ? TEXTS.noMatch : TEXTS.none}
        </p>
      ) : (
        <>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          <section
            aria-label={TEXTS.tableRegion}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable)
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-sand-300 focus-visible:outline-2 focus-visible:outline-forest-700"
          >
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <caption className="sr-only">{TEXTS.caption(query.data.count)}</caption>
              <thead className="bg-sand-100">
                <tr>
                  {TEXTS.columns.map((column, i) => (
                    <th
                      key={column}
                      scope="col"
                      className={i >= 2 && i <= 4 ? 'p-2 text-right' : 'p-2'}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody aria-busy={query.isFetching || undefined}>
                {query.data.results.map((row) => (
                  <tr key={row.id} className="border-t border-sand-200">
                    <td className="p-2 whitespace-nowrap">
                      <time dateTime={row.created_at}>{utcDate(row.created_at)}</time>
                    </td>
                    <td className="p-2">#{row.order}</td>
                    <td className="p-2 text-right tabular-nums">{formatMoney(row.gross)}</td>
                    <td className="p-2 text-right tabular-nums">{formatMoney(row.commission)}</td>
                    <td className="p-2 text-right tabular-nums">{formatMoney(row.net)}</td>
                    <td className="p-2">{PAYOUT_STATE_LABELS[row.status]}</td>
                    <td className="p-2 font-mono text-xs break-all">{row.transfer_id ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-sand-300 font-semibold">
                <tr>
                  <th scope="row" colSpan={2} className="p-2">
                    {TEXTS.totals(query.data.count)}
                  </th>
                  <td className="p-2 text-right tabular-nums">
                    {formatMoney(query.data.totals.gross)}
                  </td>
                  <td className="p-2 text-right tabular-nums">
                    {formatMoney(query.data.totals.commission)}
                  </td>
                  <td className="p-2 text-right tabular-nums">
                    {formatMoney(query.data.totals.net)}
                  </td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            </table>
          </section>
          <Pagination
            page={page}
            pageCount={pageCount(query.data.count)}
            onPageChange={setPage}
            label={TEXTS.pagesLabel}
          />
        </>
      )}
    </section>
  );
}

/**
 * The chosen month's statement as a CSV file (`payoutStatement`), fetched with the session
 * and handed to the browser to save; or as a printed page (issue 29, point 9).
 */
function StatementButton({ businessId, month }: { businessId: number; month: string }) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const [printing, setPrinting] = useState(false);
  const endPrinting = useCallback(() => setPrinting(false), []);
  const download = async () => {
    setWorking(true);
    setError(null);
    try {
      const response = await apiCallStream(SELLER_ROUTES.payoutStatement, {
        params: { businessId },
        query: { month },
        accept: 'text/csv',
      });
      saveFile(
        await response.blob(),
        fileName(response, `leafline-payouts-${businessId}-${month}.csv`),
      );
    } catch (failure) {
      setError(errorMessage(failure, TEXTS.statementFailed));
    } finally {
      setWorking(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        disabled={!month}
        loading={working}
        onClick={() => void download()}
        aria-describedby={month ? undefined : hintId}
      >
        <Download aria-hidden="true" className="size-4" />
        {TEXTS.statement}
      </Button>
      <Button
        variant="ghost"
        disabled={!month || printing}
        onClick={() => {
          setError(null);
          setPrinting(true);
        }}
        aria-describedby={month ? undefined : hintId}
      >
        <Printer aria-hidden="true" className="size-4" />
        {TEXTS.print}
      </Button>
      {printing ? (
        <PrintableStatement
          businessId={businessId}
          month={month}
          onDone={endPrinting}
          onError={setError}
        />
      ) : null}
      {month ? null : (
        <p id={hintId} className="text-xs text-ink-muted">
          {TEXTS.statementHint}
        </p>
      )}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
