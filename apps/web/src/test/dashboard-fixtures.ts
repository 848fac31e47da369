import type { BusinessOverview, OwnedBusinessSummary } from '@leafline/contract/business';
import { jsonResponse, mockFetch, type RecordedCall } from './fetch-mock';
import { noSales } from './seller-fixtures';

/** Fern & Flax (id 3), verified, payouts active, not on Shopify; changed by `extra`. */
export function businessOverview(extra: Partial<BusinessOverview> = {}): BusinessOverview {
  return {
    id: 3,
    name: 'Fern & Flax',
    description: 'Linen goods from flax grown in Oregon.',
    email: 'hello@fernflax.example',
    website: 'https://fernflax.example',
    shipping_strategy: 'Plastic-free post.',
    price_range: '$20 – $90',
    production: 'Sewn in Portland.',
    logonew: '/media/businesses/3/logo.webp',
    banner: null,
    verified: true,
    business_type: 'eco_friendly_company',
    stripe_account_id: 'acct_fern',
    stripe_status: 'active',
    shopify_store_url: null,
    shopify_connected: false,
    shopify_order_sync: false,
    order_email: '',
    processing_days: 2,
    returns_accepted: true,
    returns_days: 30,
    stats: {
      product_count: 12,
      order_count: 30,
      to_ship_count: 2,
      payouts_total: '1455.00',
      payouts_waiting: '0.00',
    },
    ...extra,
  };
}

/** The owner's list entry of an overview. */
export function ownedBusiness(overview: BusinessOverview): OwnedBusinessSummary {
  return {
    id: overview.id,
    name: overview.name,
    logonew: overview.logonew,
    verified: overview.verified,
    stripe_status: overview.stripe_status,
  };
}

/** Moss & Stone (id 5): a second business, payouts still pending, no account yet. */
export const mossAndStone = (extra: Partial<BusinessOverview> = {}) =>
  businessOverview({
    id: 5,
    name: 'Moss & Stone',
    logonew: null,
    verified: false,
    stripe_account_id: null,
    stripe_status: 'pending',
    ...extra,
  });

/** A test's own answer to a call, or undefined to leave it to the defaults. */
export type DashboardOverride = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Mocks the dashboard's API: `overrides` answer first, then the owner's list
 * (`GET api/business/dashboard/`), each overview (`GET api/business/overview/{id}/`) from
 * `overviews` and its sales overview (none yet); anything else is a 404 'Not found.'.
 */
export function mockDashboardApi(overviews: BusinessOverview[], ...overrides: DashboardOverride[]) {
  return mockFetch((call) => {
    for (const override of overrides) {
      const answer = override(call);
      if (answer) return answer;
    }
    if (call.url === '/api/user-has-business/') {
      return jsonResponse(200, { has_business: overviews.length > 0 });
    }
    if (call.url === '/api/business/dashboard/' && call.method === 'GET') {
      return jsonResponse(200, { businesses: overviews.map(ownedBusiness) });
    }
    const overview = /^\/api\/business\/overview\/(\d+)\/$/.exec(call.url);
    if (overview && call.method === 'GET') {
      const found = overviews.find((o) => o.id === Number(overview[1]));
      return found ? jsonResponse(200, found) : jsonResponse(404, { error: 'Business not found' });
    }
    // Each owned business's sales overview: nothing sold yet.
    const sales = /^\/api\/business\/sales\/(\d+)\/$/.exec(call.url);
    if (sales && overviews.some((o) => o.id === Number(sales[1]))) {
      return jsonResponse(200, noSales());
    }
    // The sections' own lists (orders, products) of an owned business: empty.
    const list = /^\/api\/business\/(?:orders|products)\/(\d+)\/\?page=\d+$/.exec(call.url);
    if (list && overviews.some((o) => o.id === Number(list[1]))) {
      return jsonResponse(200, [], { 'x-total-count': '0' });
    }
    // The Verified badge (issue 29, point 10): not verified, nothing sent yet.
    const verification = /^\/api\/business\/verification\/(\d+)\/$/.exec(call.url);
    if (
      verification &&
      call.method === 'GET' &&
      overviews.some((o) => o.id === Number(verification[1]))
    ) {
      return jsonResponse(200, { verified: false, request: null });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}
