import { SALES_TEXTS, type SalesBucket } from '@leafline/contract/seller-money';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { priceToCents } from '@/lib/money';

/**
 * The sales chart (uPlot, canvas): gross sales, net payouts and refunds of each bucket, as
 * three lines. Loaded
 * with `React.lazy` from the sales block, so uPlot is a chunk of its own that only the
 * dashboard fetches. Its colours are the design tokens of the legend's swatches
 * (`bg-forest-700`, `bg-clay-500`), read from the page; it follows its container's width.
 */

export interface SalesChartProps {
  buckets: readonly SalesBucket[];
  /** SALES_TEXTS.daily or .weekly: the chart's accessible name says which. */
  period: string;
}

const HEIGHT = 220;

/** Bucket starts (`YYYY-MM-DD`, UTC) as uPlot's x values: seconds since the epoch. */
export function chartData(buckets: readonly SalesBucket[]): uPlot.AlignedData {
  return [
    buckets.map((b) => Date.parse(`${b.start}T00:00:00Z`) / 1000),
    buckets.map((b) => priceToCents(b.sales) / 100),
    buckets.map((b) => priceToCents(b.net_payouts) / 100),
    // Refunds apart from the gross sales (issue 24 point 6), on the day they went through.
    buckets.map((b) => priceToCents(b.refunds) / 100),
  ];
}

/** The room one date label needs on the axis, in CSS pixels ('This week', 'Mar 16'). */
const LABEL_ROOM = 64;
/** The y axis's width, as set in its options below. */
const Y_AXIS = 64;

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * The x axis's ticks (issue 24): only at plotted buckets, one label each (a week's own start,
 * never a day between two points), the last one named 'Today' or 'This week'. When the
 * chart is too narrow for all of them, every n-th, counted back from the last, so the
 * current one always keeps its label.
 */
export function axisTicks(
  buckets: readonly SalesBucket[],
  weekly: boolean,
  plotWidth: number,
): { splits: number[]; labels: string[] } {
  const count = buckets.length;
  if (count === 0) return { splits: [], labels: [] };
  const fits = Math.max(1, Math.floor(plotWidth / LABEL_ROOM));
  const stride = Math.max(1, Math.ceil(count / fits));
  const splits: number[] = [];
  const labels: string[] = [];
  buckets.forEach((bucket, i) => {
    if ((count - 1 - i) % stride !== 0) return;
    const at = Date.parse(`${bucket.start}T00:00:00Z`);
    splits.push(at / 1000);
    labels.push(
      i === count - 1
        ? weekly
          ? SALES_TEXTS.thisWeek
          : SALES_TEXTS.today
        : shortDate.format(new Date(at)),
    );
  });
  return { splits, labels };
}

const colourOf = (el: HTMLElement | null, fallback: string) =>
  (el && getComputedStyle(el).backgroundColor) || fallback;

export default function SalesChart({ buckets, period }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const salesSwatch = useRef<HTMLSpanElement>(null);
  const netSwatch = useRef<HTMLSpanElement>(null);
  const refundSwatch = useRef<HTMLSpanElement>(null);
  const label = SALES_TEXTS.chartLabel(period);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axisStroke = getComputedStyle(el).color || '#4a5a50';
    const money = (_: uPlot, values: number[]) =>
      values.map((v) => `$${v.toLocaleString('en-US')}`);
    const weekly = period === SALES_TEXTS.weekly;
    // Half a bucket of room at each end, so the first and last labels are not cut off.
    const half = (weekly ? 7 : 1) * 43_200;
    const ticks = (u: uPlot) => axisTicks(buckets, weekly, u.bbox.width / uPlot.pxRatio);
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 240),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - half, max + half] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
      },
      axes: [
        {
          stroke: axisStroke,
          grid: { stroke: 'rgba(31, 61, 43, 0.08)' },
          splits: (u) => ticks(u).splits,
          values: (u, splits) => {
            const { splits: at, labels } = ticks(u);
            return splits.map((v) => labels[at.indexOf(v)] ?? '');
          },
        },
        {
          stroke: axisStroke,
          grid: { stroke: 'rgba(31, 61, 43, 0.08)' },
          values: money,
          size: Y_AXIS,
        },
      ],
      series: [
        {},
        {
          label: SALES_TEXTS.sales,
          stroke: colourOf(salesSwatch.current, '#356346'),
          width: 2,
          points: { show: buckets.length <= 31 },
        },
        {
          label: SALES_TEXTS.netPayouts,
          stroke: colourOf(netSwatch.current, '#c0714f'),
          width: 2,
          dash: [6, 4],
          points: { show: buckets.length <= 31 },
        },
        {
          label: SALES_TEXTS.refunds,
          stroke: colourOf(refundSwatch.current, '#9b2c2c'),
          width: 2,
          dash: [2, 3],
          points: { show: buckets.length <= 31 },
        },
      ],
    };
    const plot = new uPlot(opts, chartData(buckets), el);
    const canvas = plot.ctx.canvas;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    const resize = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0) plot.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [buckets, label, period]);

  return (
    <figure className="m-0">
      <div ref={box} className="w-full text-ink-muted" data-testid="sales-chart" />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1.5">
          <span ref={salesSwatch} aria-hidden="true" className="h-1 w-5 rounded bg-forest-700" />
          {SALES_TEXTS.sales}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span ref={netSwatch} aria-hidden="true" className="h-1 w-5 rounded bg-clay-500" />
          {SALES_TEXTS.netPayouts}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span ref={refundSwatch} aria-hidden="true" className="h-1 w-5 rounded bg-error-fg" />
          {SALES_TEXTS.refunds}
        </span>
        <span>{SALES_TEXTS.chartUtc}</span>
      </figcaption>
    </figure>
  );
}
