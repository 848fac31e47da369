import type { SellerReview } from '@leafline/contract/reviews';
import type { SalesBucket, SalesOverview } from '@leafline/contract/seller-money';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import type { SellerProduct } from '@leafline/contract/seller-products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '@/components/ui/toast/toast-provider';

/**
 * Fern & Flax's Linen Tote at $15.00 with two pictures and two variants (Small: 3 in stock, 1
 * of them in an open checkout; Large: not counted), changed by `extra`.
 */
export function sellerProduct(extra: Partial<SellerProduct> = {}): SellerProduct {
  return {
    id: 7,
    name: 'Linen Tote',
    description: 'A sturdy tote of undyed linen.',
    price: '15.00',
    compare_at_price: null,
    sku: null,
    status: 'active',
    condition: 'new',
    category: 'Eco-Friendly Business',
    product_category: 'Accessories',
    images: [
      { id: 71, image: '/media/products/tote-front.webp', alt_text: 'Tote, front' },
      { id: 72, image: '/media/products/tote-back.webp', alt_text: 'Tote, back' },
    ],
    primary_image: '/media/products/tote-front.webp',
    business: 3,
    business_name: 'Fern & Flax',
    option_names: ['Size', 'Colour'],
    variants: [
      {
        id: 701,
        option1: 'Small',
        option2: 'Ecru',
        price: '15.00',
        image: '/media/products/tote-small.webp',
        images: [{ id: 73, image: '/media/products/tote-small.webp', alt_text: '' }],
        deleted: false,
        stock: 3,
        reserved: 1,
        compare_at_price: null,
        sku: null,
      },
      {
        id: 702,
        option1: 'Large',
        option2: null,
        price: '19.50',
        image: null,
        images: [],
        deleted: false,
        stock: null,
        reserved: 0,
        compare_at_price: null,
        sku: null,
      },
    ],
    // Issue 26: the sum of the variants' counts, null while one is not counted.
    stock: null,
    sold_out: false,
    rating_average: null,
    rating_count: 0,
    reserved: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

/** A paid order of two Linen Totes for Ada Lovelace, changed by `extra`. */
export function sellerOrder(extra: Partial<SellerOrder> = {}): SellerOrder {
  return {
    id: 41,
    business: 3,
    business_name: 'Fern & Flax',
    user_full_name: 'Ada Lovelace',
    user_email: 'ada@example.com',
    status: 'Paid',
    created_at: '2026-03-14T09:26:00.000Z',
    total_price: '35.00',
    items_subtotal: '30.00',
    order_total_shipping_fees: '5.00',
    discount_amount: '0.00',
    tracking_number: '',
    carrier: null,
    tracking_url: null,
    notes: '',
    notes_data: null,
    card_brand: 'visa',
    billing_address: null,
    shipping_address: {
      name: 'Ada Lovelace',
      line1: '12 Orchard Lane',
      line2: 'Apt 3',
      city: 'Portland',
      state: 'OR',
      postal_code: '97205',
      country: 'US',
      phone: '555-0100',
    },
    order_items: [
      {
        id: 1,
        product_id: 7,
        variant_id: 701,
        product_name: 'Linen Tote',
        product_price: '15.00',
        quantity: 2,
        total_price: '30.00',
        variant_options: { Size: 'Small', Colour: 'Ecru' },
        image: '/media/products/tote-small.webp',
      },
    ],
    payout: '33.95',
    commission: '1.05',
    payout_status: 'pending',
    refund: null,
    free_shipping_reason: null,
    refunded: null,
    refunds: [],
    returns: [],
    returns_open_until: null,
    status_history: [{ status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' }],
    stock_movements: [],
    updated_at: '2026-03-14T09:30:00.000Z',
    ...extra,
  };
}

/** `n` zero buckets of `stepDays` days, the last starting on `last` (`YYYY-MM-DD`). */
function zeroBuckets(n: number, last: string, stepDays: number): SalesBucket[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    start: new Date(end - (n - 1 - i) * stepDays * 86_400_000).toISOString().slice(0, 10),
    orders: 0,
    sales: '0.00',
    refunds: '0.00',
    net_payouts: '0.00',
  }));
}

/**
 * Fern & Flax's sales overview on Wednesday 2026-03-18: two orders on 03-16 and one on 03-18
 * (this week: 3 orders, $84.00 sales, $81.48 net), one in the week of 02-23; changed by `extra`.
 */
/** A review as the dashboard's Reviews section lists it. */
export function sellerReview(extra: Partial<SellerReview> = {}): SellerReview {
  return {
    id: 41,
    rating: 2,
    title: 'Came late',
    body: 'Nice tote.\n<script>alert(1)</script> but a week late.',
    author_name: 'Fern M.',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    verified_purchase: true,
    variant_options: { Size: 'Large' },
    reply: null,
    product_id: 7,
    product_name: 'Linen Tote',
    ...extra,
  };
}

export function salesOverview(extra: Partial<SalesOverview> = {}): SalesOverview {
  const daily = zeroBuckets(30, '2026-03-18', 1);
  daily[27] = {
    start: '2026-03-16',
    orders: 2,
    sales: '49.00',
    refunds: '0.00',
    net_payouts: '47.53',
  };
  daily[29] = {
    start: '2026-03-18',
    orders: 1,
    sales: '35.00',
    refunds: '0.00',
    net_payouts: '33.95',
  };
  const weekly = zeroBuckets(12, '2026-03-16', 7);
  weekly[8] = {
    start: '2026-02-23',
    orders: 1,
    sales: '12.00',
    refunds: '0.00',
    net_payouts: '11.64',
  };
  weekly[11] = {
    start: '2026-03-16',
    orders: 3,
    sales: '84.00',
    refunds: '0.00',
    net_payouts: '81.48',
  };
  return {
    daily,
    weekly,
    orders_by_status: {
      Pending: 0,
      Paid: 2,
      Shipped: 1,
      Delivered: 1,
      Refunded: 1,
      Canceled: 0,
    },
    best_sellers: [
      {
        product_id: 7,
        name: 'Linen Tote',
        quantity: 4,
        sales: '60.00',
        refunded_quantity: 0,
        refunds: '0.00',
      },
      {
        product_id: null,
        name: 'Flax Napkins',
        quantity: 2,
        sales: '24.00',
        refunded_quantity: 0,
        refunds: '0.00',
      },
    ],
    payouts: {
      paid_this_week: '47.53',
      paid_this_month: '59.17',
      paid_total: '1234.56',
      pending: '33.95',
      reversed: '19.40',
    },
    ...extra,
  };
}

/** A business's sales overview with nothing sold yet. */
export const noSales = (): SalesOverview =>
  salesOverview({
    daily: zeroBuckets(30, '2026-03-18', 1),
    weekly: zeroBuckets(12, '2026-03-16', 7),
    orders_by_status: { Pending: 0, Paid: 0, Shipped: 0, Delivered: 0, Refunded: 0, Canceled: 0 },
    best_sellers: [],
    payouts: {
      paid_this_week: '0.00',
      paid_this_month: '0.00',
      paid_total: '0.00',
      pending: '0.00',
      reversed: '0.00',
    },
  });

/** Renders a dashboard section as the shell does: query client, toasts and a router. */
export function renderSection(section: ReactNode, path = '/dashboard/products') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        ToastProvider,
        null,
        createElement(MemoryRouter, { initialEntries: [path] }, section),
      ),
    ),
  );
}
