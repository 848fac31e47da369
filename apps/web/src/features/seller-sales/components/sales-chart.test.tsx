import { SALES_TEXTS } from '@leafline/contract/seller-money';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { salesOverview } from '@/test/seller-fixtures';

/**
 * The uPlot chart itself, on jsdom: no canvas there, so a 2D context that draws nothing stands
 * in (and matchMedia, Path2D, ResizeObserver). What is checked is what a person gets from it: a canvas
 * with the chart's accessible name, the two series in the legend, and the figures it plots.
 */

const resized: Array<(entries: Array<{ contentRect: { width: number } }>) => void> = [];

beforeAll(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: (typeof resized)[number]) {
        resized.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
  const noop = () => {};
  vi.stubGlobal(
    'Path2D',
    class {
      moveTo() {}
      lineTo() {}
      rect() {}
      arc() {}
      closePath() {}
      bezierCurveTo() {}
      addPath() {}
    },
  );
  const drawn: { measureText: () => { width: number }; canvas: unknown } = {
    measureText: () => ({ width: 10 }),
    canvas: null,
  };
  const context = new Proxy(drawn, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : noop),
    set: () => true,
  });
  HTMLCanvasElement.prototype.getContext = vi.fn(function (this: HTMLCanvasElement) {
    drawn.canvas = this;
    return context;
  }) as unknown as HTMLCanvasElement['getContext'];
});

afterEach(() => {
  resized.length = 0;
});

describe('SalesChart', () => {
  it('plots each bucket at its UTC day, sales and net payouts in dollars', async () => {
    const { chartData } = await import('./sales-chart');
    const { daily } = salesOverview();
    const [x, sales, net] = chartData(daily);
    expect(x).toHaveLength(30);
    expect(x[29]).toBe(Date.UTC(2026, 2, 18) / 1000);
    expect(x[27]).toBe(Date.UTC(2026, 2, 16) / 1000);
    expect([sales[27], net[27], sales[29], net[29], sales[0]]).toEqual([49, 47.53, 35, 33.95, 0]);
  });

  it('labels each plotted week once, at its own point, and the current one as This week (issue 24)', async () => {
    const { axisTicks, chartData } = await import('./sales-chart');
    const { weekly, daily } = salesOverview();
    const [x] = chartData(weekly);
    // Wide enough: one label per week, each at a plotted point, none twice.
    const wide = axisTicks(weekly, true, 900);
    expect(wide.splits).toEqual([...x]);
    expect(new Set(wide.labels).size).toBe(weekly.length);
    expect(wide.labels.at(-1)).toBe(SALES_TEXTS.thisWeek);
    expect(wide.labels[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    // A phone's chart: fewer labels, still only at plotted weeks, the current one kept.
    const narrow = axisTicks(weekly, true, 260);
    expect(narrow.splits.length).toBeLessThanOrEqual(4);
    expect(narrow.splits.every((v) => x.includes(v))).toBe(true);
    expect(narrow.splits.at(-1)).toBe(x.at(-1));
    expect(narrow.labels.at(-1)).toBe(SALES_TEXTS.thisWeek);
    // Daily: today's point is labelled Today.
    const days = axisTicks(daily, false, 700);
    expect(days.labels.at(-1)).toBe(SALES_TEXTS.today);
    expect(days.splits.at(-1)).toBe(Date.UTC(2026, 2, 18) / 1000);
  });

  it('draws on a canvas named for the period, with a legend of the two series', async () => {
    const { default: SalesChart } = await import('./sales-chart');
    const { weekly } = salesOverview();
    render(<SalesChart buckets={weekly} period={SALES_TEXTS.weekly} />);
    const canvas = screen.getByRole('img', { name: SALES_TEXTS.chartLabel(SALES_TEXTS.weekly) });
    expect(canvas.tagName).toBe('CANVAS');
    expect(screen.getByText(SALES_TEXTS.sales)).toBeTruthy();
    expect(screen.getByText(SALES_TEXTS.netPayouts)).toBeTruthy();
    expect(resized).toHaveLength(1);
  });

  it('says its dates are UTC days, in its name and under it', async () => {
    const { default: SalesChart } = await import('./sales-chart');
    render(<SalesChart buckets={salesOverview().daily} period={SALES_TEXTS.daily} />);
    expect(screen.getByRole('img', { name: /dates in UTC/ })).toBeTruthy();
    expect(screen.getByText(SALES_TEXTS.chartUtc)).toBeTruthy();
  });

  it('follows the width of its box when that changes', async () => {
    const { default: SalesChart } = await import('./sales-chart');
    render(<SalesChart buckets={salesOverview().daily} period={SALES_TEXTS.daily} />);
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    /** uPlot applies a new size in a microtask. */
    const resize = (width: number) =>
      act(async () => {
        resized[0]!([{ contentRect: { width } }]);
        await new Promise((r) => setTimeout(r, 0));
      });
    const wrap = canvas.parentElement!;
    await resize(531);
    expect(wrap.style.width).toBe('531px');
    // A box with no width (hidden) leaves the chart as it was.
    await resize(0);
    expect(wrap.style.width).toBe('531px');
    await resize(731.6);
    expect(wrap.style.width).toBe('731px');
  });
});
