import type { SellerOrder } from '@leafline/contract/seller-orders';
import type { SellerProduct } from '@leafline/contract/seller-products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '@/components/ui/toast/toast-provider';

/** Fern & Flax's Linen Tote at $15.00 with two pictures and two variants, changed by `extra`. */
export function sellerProduct(extra: Partial<SellerProduct> = {}): SellerProduct {
  return {
    id: 7,
    name: 'Linen Tote',
    description: 'A sturdy tote of undyed linen.',
    price: '15.00',
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
      },
      {
        id: 702,
        option1: 'Large',
        option2: null,
        price: '19.50',
        image: null,
        images: [],
        deleted: false,
      },
    ],
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
    status_history: [{ status: 'Paid', at: '2026-03-14T09:27:00.000Z', tracking_number: '' }],
    updated_at: '2026-03-14T09:30:00.000Z',
    ...extra,
  };
}

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
