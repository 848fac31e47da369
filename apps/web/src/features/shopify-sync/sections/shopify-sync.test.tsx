import type { ShippingFeesResponse } from '@leafline/contract/cart';
import { ROUTES } from '@leafline/contract/routes';
import type { ShopifyShippingPreview } from '@leafline/contract/shopify';
import { SHOPIFY_MESSAGES, SHOPIFY_TEXTS, type ShopifySyncRun } from '@leafline/contract/shopify';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const connected = (extra: Parameters<typeof businessOverview>[0] = {}) =>
  businessOverview({
    shopify_connected: true,
    shopify_store_url: 'fern-flax.myshopify.com',
    shopify_order_sync: false,
    ...extra,
  });

function run(extra: Partial<ShopifySyncRun> = {}): ShopifySyncRun {
  return {
    id: 7,
    status: 'queued',
    clear_with_shopify_sync: false,
    done: 0,
    total: null,
    created: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    error: null,
    created_at: '2026-11-25T02:00:00.000Z',
    finished_at: null,
    ...extra,
  };
}

const STATUS_URL = ROUTES.shopifySyncStatus.path({ businessId: 3 });
const START_URL = ROUTES.shopifyProductSync.path({ businessId: 3 });
const SHIPPING_SYNC_URL = ROUTES.shopifyShippingSync.path({ businessId: 3 });
const SHIPPING_PREVIEW_URL = ROUTES.shopifyShippingPreview.path({ businessId: 3 });
/** Polls come a second apart: room for three of them. */
const POLLS = { timeout: 4_000 };

/** The Shopify section of a connected store with no product sync yet; `answer` comes first. */
function openConnected(answer: (call: RecordedCall) => Response | Promise<Response> | undefined) {
  const mocked = mockDashboardApi([connected()], (call) =>
    call.url === STATUS_URL ? jsonResponse(200, { sync: null }) : answer(call),
  );
  renderApp('/dashboard/shopify?business=3');
  return mocked;
}

const syncButton = () => screen.getByRole('button', { name: SHOPIFY_TEXTS.syncProducts });
const progress = () => screen.queryByRole('progressbar', { name: 'Product sync progress' });
const productsFigure = () =>
  screen.getByText('Products', { selector: 'dt' }).nextElementSibling?.textContent;

describe('dashboard Shopify product sync', () => {
  it('starts a sync, shows n of N while it runs, then the result and the new products', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const overviews = [connected()];
    // What the server says of the latest run, one answer per poll (the last one stays).
    const statuses: ShopifySyncRun[][] = [[]];
    const { calls } = mockDashboardApi(overviews, (call) => {
      if (call.url === START_URL) {
        statuses.splice(
          0,
          statuses.length,
          [run({ status: 'running', done: 2, total: 5 })],
          [run({ status: 'running', done: 4, total: 5 })],
          [run({ status: 'succeeded', done: 5, total: 5, created: 3, updated: 2 })],
        );
        return jsonResponse(202, { sync: run() });
      }
      if (call.url === STATUS_URL) {
        const [answer] = statuses.length > 1 ? statuses.splice(0, 1) : statuses;
        if (answer?.[0]?.status === 'succeeded') {
          // The import is done: the server now counts 17 products.
          overviews[0] = connected({
            stats: { ...connected().stats, product_count: 17 },
          });
        }
        return jsonResponse(200, { sync: answer?.[0] ?? null });
      }
      return undefined;
    });
    renderApp('/dashboard/shopify?business=3');
    await waitFor(() => expect(calls.some((c) => c.url === STATUS_URL)).toBe(true));
    expect(progress()).toBeNull();
    expect(productsFigure()).toBe('12');

    fireEvent.click(syncButton());
    // At once: queued, without a known size, and no second start while it runs.
    expect(await screen.findByText(SHOPIFY_TEXTS.queued)).toBeTruthy();
    expect(progress()?.hasAttribute('aria-valuenow')).toBe(false);
    await waitFor(() => expect((syncButton() as HTMLButtonElement).disabled).toBe(true));
    const start = calls.filter((c) => c.url.startsWith(START_URL));
    expect(start.map((c) => [c.method, c.url])).toEqual([['GET', START_URL]]);

    const live = (await screen.findByText('Syncing products… 2 of 5', {}, POLLS)).closest(
      '[role="status"]',
    );
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(progress()?.getAttribute('aria-valuenow')).toBe('2');
    expect(progress()?.getAttribute('aria-valuemax')).toBe('5');
    expect((syncButton() as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Syncing products… 4 of 5', {}, POLLS)).toBeTruthy();
    expect(progress()?.getAttribute('aria-valuenow')).toBe('4');

    const done = await screen.findByText(
      'Products synced: 3 added, 2 updated, 0 unchanged.',
      {},
      POLLS,
    );
    expect(done.closest('[role="status"]')).toBe(live);
    expect(progress()).toBeNull();
    expect((syncButton() as HTMLButtonElement).disabled).toBe(false);
    // The overview is read again: the imported products are counted.
    await waitFor(() => expect(productsFigure()).toBe('17'));
    // Polling stops once the run has ended.
    const polls = calls.filter((c) => c.url === STATUS_URL).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(calls.filter((c) => c.url === STATUS_URL).length).toBe(polls);
  }, 20_000);

  it('after a reload a running sync still shows its progress, then its failure and why', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const answers = [
      run({ status: 'running', done: 250, total: 5000 }),
      run({ status: 'failed', done: 250, total: 5000, error: SHOPIFY_MESSAGES.tokenRefused }),
    ];
    const { calls } = mockDashboardApi([connected()], (call) =>
      call.url === STATUS_URL
        ? jsonResponse(200, { sync: answers.length > 1 ? answers.shift() : answers[0] })
        : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    expect(await screen.findByText('Syncing products… 250 of 5000')).toBeTruthy();
    expect(progress()?.getAttribute('aria-valuenow')).toBe('250');
    expect((syncButton() as HTMLButtonElement).disabled).toBe(true);

    const alert = await screen.findByRole('alert', {}, POLLS);
    expect(alert.textContent).toBe(
      `${SHOPIFY_MESSAGES.productSyncFailed}${SHOPIFY_MESSAGES.tokenRefused}`,
    );
    expect(within(alert).getByText(SHOPIFY_MESSAGES.productSyncFailed)).toBeTruthy();
    expect(within(alert).getByText(SHOPIFY_MESSAGES.tokenRefused)).toBeTruthy();
    expect(progress()).toBeNull();
    expect(screen.queryByText(/Syncing products/)).toBeNull();
    expect((syncButton() as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((c) => c.url.startsWith(START_URL))).toBe(false);
  }, 20_000);

  it("a refused start says 'Failed to sync products.' with the server's reason", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let answer = () => jsonResponse(409, { error: SHOPIFY_MESSAGES.notConnected });
    openConnected((call) => (call.url === START_URL ? answer() : undefined));
    fireEvent.click(await screen.findByRole('button', { name: SHOPIFY_TEXTS.syncProducts }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SHOPIFY_MESSAGES.productSyncFailed)).toBeTruthy();
    expect(within(alert).getByText(SHOPIFY_MESSAGES.notConnected)).toBeTruthy();
    expect(progress()).toBeNull();

    // No answer at all: the §8 text alone.
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(syncButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(SHOPIFY_MESSAGES.productSyncFailed),
    );
  });

  it('the clear option asks first, and only a confirmed sync sends clear_with_shopify_sync', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi([connected()], (call) => {
      if (call.url === STATUS_URL) return jsonResponse(200, { sync: null });
      if (call.url.startsWith(START_URL)) {
        return jsonResponse(409, { error: SHOPIFY_MESSAGES.notConnected });
      }
      return undefined;
    });
    const starts = () => calls.filter((c) => c.url.startsWith(START_URL)).map((c) => c.url);
    renderApp('/dashboard/shopify?business=3');
    const clear = await screen.findByRole('checkbox', { name: SHOPIFY_TEXTS.clearOption });
    fireEvent.click(clear);
    expect((clear as HTMLInputElement).checked).toBe(true);

    fireEvent.click(syncButton());
    let dialog = await screen.findByRole('dialog', { name: SHOPIFY_TEXTS.clearConfirmTitle });
    expect(dialog.textContent).toContain(SHOPIFY_TEXTS.clearConfirmDescription);
    fireEvent.click(within(dialog).getByRole('button', { name: SHOPIFY_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(starts()).toEqual([]);

    fireEvent.click(syncButton());
    dialog = await screen.findByRole('dialog', { name: SHOPIFY_TEXTS.clearConfirmTitle });
    expect(starts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: SHOPIFY_TEXTS.clearConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(starts()).toEqual([`${START_URL}?clear_with_shopify_sync=true`]);
    expect(await screen.findByText(SHOPIFY_MESSAGES.notConnected)).toBeTruthy();

    // Unticked: straight to the plain sync, no question asked.
    fireEvent.click(clear);
    fireEvent.click(syncButton());
    await waitFor(() => expect(starts()).toHaveLength(2));
    expect(starts()[1]).toBe(START_URL);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('dashboard Shopify shipping-fee sync', () => {
  const before: ShippingFeesResponse = {
    business: 3,
    worldwide_shipping_fee: '20.00',
    all_except_selected_fee: null,
    threshold_free: null,
    country_fees: [],
  };
  const fromShopify: ShippingFeesResponse = {
    business: 3,
    worldwide_shipping_fee: '15.00',
    all_except_selected_fee: '15.00',
    threshold_free: '75.00',
    country_fees: [{ country: 'US', fee: '5.00' }],
  };

  const preview: ShopifyShippingPreview = {
    current: { ...before, country_fees: [{ country: 'MX', fee: '9.00' }] },
    proposed: fromShopify,
    changes: {
      worldwide_shipping_fee: { from: '20.00', to: '15.00' },
      all_except_selected_fee: { from: null, to: '15.00' },
      threshold_free: { from: null, to: '75.00' },
      countries_added: [{ country: 'US', fee: '5.00' }],
      countries_removed: [{ country: 'MX', fee: '9.00' }],
      countries_changed: [],
    },
    unchanged: false,
  };

  it('asks first with what will change, copies the fees only on confirmation, and the logistics section shows them', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let stored = before;
    const { calls } = mockDashboardApi([connected()], (call: RecordedCall) => {
      if (call.url === STATUS_URL) return jsonResponse(200, { sync: null });
      if (call.url === '/api/shipping-fees/3/' && call.method === 'GET') {
        return jsonResponse(200, stored);
      }
      if (call.url === SHIPPING_PREVIEW_URL) return jsonResponse(200, preview);
      if (call.url === SHIPPING_SYNC_URL) {
        stored = fromShopify;
        return jsonResponse(200, fromShopify);
      }
      return undefined;
    });
    const { router } = renderApp('/dashboard/logistics?business=3');
    const worldwide = () => screen.getByLabelText('Worldwide shipping fee ($)') as HTMLInputElement;
    await waitFor(() => expect(worldwide().value).toBe('20.00'));

    fireEvent.click(screen.getByRole('link', { name: 'Shopify' }));
    const syncs = () => calls.filter((c) => c.url === SHIPPING_SYNC_URL);
    fireEvent.click(await screen.findByRole('button', { name: SHOPIFY_TEXTS.syncShipping }));
    let dialog = await screen.findByRole('dialog', { name: SHOPIFY_TEXTS.shippingPreviewTitle });
    const text = dialog.textContent ?? '';
    expect(text).toContain(`${SHOPIFY_TEXTS.shippingPreviewWorldwide}$20.00 → $15.00`);
    expect(text).toContain(`${SHOPIFY_TEXTS.shippingPreviewThreshold}not set → $75.00`);
    expect(text).toContain(`${SHOPIFY_TEXTS.shippingPreviewAdded}US $5.00`);
    expect(text).toContain(`${SHOPIFY_TEXTS.shippingPreviewRemoved}MX $9.00`);
    expect(text).not.toContain(SHOPIFY_TEXTS.shippingPreviewChanged);
    // Cancel: nothing is copied.
    fireEvent.click(within(dialog).getByRole('button', { name: SHOPIFY_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(syncs()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: SHOPIFY_TEXTS.syncShipping }));
    dialog = await screen.findByRole('dialog', { name: SHOPIFY_TEXTS.shippingPreviewTitle });
    fireEvent.click(
      within(dialog).getByRole('button', { name: SHOPIFY_TEXTS.shippingPreviewConfirm }),
    );
    const done = await screen.findByText(SHOPIFY_TEXTS.shippingSynced, { exact: false });
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(syncs().map((c) => c.method)).toEqual(['GET']);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: SHOPIFY_TEXTS.shippingSyncedLink }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/logistics'));
    expect(router.state.location.search).toBe('?business=3');
    await waitFor(() => expect(worldwide().value).toBe('15.00'));
    expect(
      (screen.getByLabelText('Free shipping from an order of ($, optional)') as HTMLInputElement)
        .value,
    ).toBe('75.00');
    expect(
      within(screen.getByRole('list', { name: 'Country fees' })).getByText('US: $5.00'),
    ).toBeTruthy();
  });

  it("a store without rates says the server's reason; no answer says 'Failed to sync shipping fees.'", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let answer = () => jsonResponse(409, { error: SHOPIFY_MESSAGES.noShippingRates });
    openConnected((call) => (call.url === SHIPPING_PREVIEW_URL ? answer() : undefined));
    const button = await screen.findByRole('button', { name: SHOPIFY_TEXTS.syncShipping });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(SHOPIFY_MESSAGES.noShippingRates);

    answer = () => jsonResponse(502, undefined);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(SHOPIFY_MESSAGES.shippingSyncFailed),
    );
    expect(screen.queryByText(SHOPIFY_TEXTS.shippingSynced, { exact: false })).toBeNull();
  });

  it('fees that already match say so, and offer nothing to confirm', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi([connected()], (call) => {
      if (call.url === STATUS_URL) return jsonResponse(200, { sync: null });
      if (call.url === SHIPPING_PREVIEW_URL) {
        return jsonResponse(200, {
          current: fromShopify,
          proposed: fromShopify,
          changes: {
            worldwide_shipping_fee: null,
            all_except_selected_fee: null,
            threshold_free: null,
            countries_added: [],
            countries_removed: [],
            countries_changed: [],
          },
          unchanged: true,
        });
      }
      return undefined;
    });
    renderApp('/dashboard/shopify?business=3');
    fireEvent.click(await screen.findByRole('button', { name: SHOPIFY_TEXTS.syncShipping }));
    const dialog = await screen.findByRole('dialog', { name: SHOPIFY_TEXTS.shippingPreviewTitle });
    expect(dialog.textContent).toContain(SHOPIFY_TEXTS.shippingPreviewUnchanged);
    expect(
      within(dialog).queryByRole('button', { name: SHOPIFY_TEXTS.shippingPreviewConfirm }),
    ).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: SHOPIFY_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === SHIPPING_SYNC_URL)).toBe(false);
  });
});

describe('dashboard Shopify order sync', () => {
  it("the toggle flips back on a 409 and shows the server's message beside it", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let release: (response: Response) => void = () => {};
    const { calls } = mockDashboardApi([connected()], (call) => {
      if (call.url === STATUS_URL) return jsonResponse(200, { sync: null });
      if (call.url === '/api/business/overview/3/' && call.method === 'PUT') {
        return new Promise<Response>((resolve) => (release = resolve));
      }
      return undefined;
    });
    renderApp('/dashboard/shopify?business=3');
    const toggle = await screen.findByRole('switch', { name: SHOPIFY_TEXTS.orderSync });
    // The synced-orders note is beside the toggle and describes it.
    expect(toggle.getAttribute('aria-describedby')).toContain('order-sync-note');
    expect(document.getElementById('order-sync-note')?.textContent).toBe(
      'Orders synced from Shopify show here as Pending even though they are already paid.',
    );
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    release(jsonResponse(409, { error: SHOPIFY_MESSAGES.notConnected }));
    expect((await screen.findByRole('alert')).textContent).toBe(SHOPIFY_MESSAGES.notConnected);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { shopify_order_sync: true },
    ]);
  });
});
