import type { OrderStatus } from '@leafline/contract';

/**
 * The demo seller's orders (dashboard orders, SPEC §2): who buys, in which states, and the
 * seller's notes, so that the dashboard has a living orders list on the first start.
 */

export interface DemoBuyer {
  /** `shopper` is the demo shopper of DEMO_ACCOUNTS; the others sign in nowhere. */
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  address: {
    addressLine1: string;
    addressLine2: string;
    city: string;
    state: string;
    postalCode: string;
    phoneNumber: string;
  };
}

/** The demo shopper first (her address is the seeded one), then four more shoppers. */
export const DEMO_BUYERS: DemoBuyer[] = [
  {
    username: 'shopper',
    email: 'shopper@leafline.example',
    firstName: 'Maya',
    lastName: 'Rivera',
    address: {
      addressLine1: '2418 SE Alder Street',
      addressLine2: 'Apt 3B',
      city: 'Portland',
      state: 'OR',
      postalCode: '97214',
      phoneNumber: '+1 503 555 0142',
    },
  },
  {
    username: 'priya.nair',
    email: 'priya.nair@mail.example',
    firstName: 'Priya',
    lastName: 'Nair',
    address: {
      addressLine1: '77 Montford Avenue',
      addressLine2: '',
      city: 'Asheville',
      state: 'NC',
      postalCode: '28801',
      phoneNumber: '+1 828 555 0117',
    },
  },
  {
    username: 'jonah.whitfield',
    email: 'jonah.whitfield@mail.example',
    firstName: 'Jonah',
    lastName: 'Whitfield',
    address: {
      addressLine1: '3150 Girard Avenue South',
      addressLine2: 'Unit 2',
      city: 'Minneapolis',
      state: 'MN',
      postalCode: '55408',
      phoneNumber: '+1 612 555 0188',
    },
  },
  {
    username: 'lucia.ortega',
    email: 'lucia.ortega@mail.example',
    firstName: 'Lucía',
    lastName: 'Ortega',
    address: {
      addressLine1: '915 East 7th Street',
      addressLine2: '',
      city: 'Tucson',
      state: 'AZ',
      postalCode: '85719',
      phoneNumber: '+1 520 555 0163',
    },
  },
  {
    username: 'sam.becker',
    email: 'sam.becker@mail.example',
    firstName: 'Sam',
    lastName: 'Becker',
    address: {
      addressLine1: '48 North Winooski Avenue',
      addressLine2: 'Floor 2',
      city: 'Burlington',
      state: 'VT',
      postalCode: '05401',
      phoneNumber: '+1 802 555 0109',
    },
  },
];

export interface DemoOrderSlot {
  status: OrderStatus;
  /** Roughly how long ago it was bought. */
  daysAgo: number;
  /** The seller's own note on it ('' for none). */
  sellerNote: string;
  /** Paid with the demo promo code (10 % off the items). */
  promo?: boolean;
}

/**
 * Each of the seller's businesses gets these orders, oldest first: the old ones delivered (one
 * refunded, one canceled after payment), the last week's shipped or waiting to be packed, and
 * two Shopify orders that show as Pending although they are paid (SPEC §2).
 */
export const DEMO_ORDER_SLOTS: DemoOrderSlot[] = [
  { status: 'Delivered', daysAgo: 41, sellerNote: '' },
  { status: 'Delivered', daysAgo: 36, sellerNote: 'Repeat customer: added a thank-you card.' },
  { status: 'Refunded', daysAgo: 31, sellerNote: 'Arrived damaged in transit; refunded in full.' },
  { status: 'Delivered', daysAgo: 27, sellerNote: '', promo: true },
  { status: 'Canceled', daysAgo: 23, sellerNote: 'Buyer asked to cancel before it was packed.' },
  { status: 'Delivered', daysAgo: 18, sellerNote: '' },
  { status: 'Delivered', daysAgo: 14, sellerNote: '' },
  { status: 'Shipped', daysAgo: 9, sellerNote: '', promo: true },
  { status: 'Shipped', daysAgo: 6, sellerNote: 'Sent in one parcel with the earlier order.' },
  { status: 'Shipped', daysAgo: 4, sellerNote: '' },
  { status: 'Pending', daysAgo: 3, sellerNote: 'Shopify order: paid on Shopify.' },
  { status: 'Paid', daysAgo: 2, sellerNote: 'Gift: leave the price off the packing slip.' },
  { status: 'Paid', daysAgo: 1, sellerNote: '' },
  { status: 'Pending', daysAgo: 0.3, sellerNote: '' },
  { status: 'Paid', daysAgo: 0.1, sellerNote: '' },
];

export const CARD_BRANDS = ['visa', 'mastercard', 'visa', 'amex', 'discover', 'visa'] as const;
