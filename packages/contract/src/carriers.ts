/**
 * The carriers a brand ships with (issue 29, point 2): the order's `carrier` beside its
 * tracking number. For the known ones the buyer gets a link to the carrier's own tracking
 * page; `other` (a local courier, a post office abroad) shows the number alone. Zod-free:
 * the web's order cards read it without the schemas.
 */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** How a carrier is named on the order card, the e-mail and the CSV. */
export const CARRIER_LABELS: Record<Carrier, string> = {
  USPS: 'USPS',
  UPS: 'UPS',
  FedEx: 'FedEx',
  DHL: 'DHL',
  other: 'Other carrier',
};

/** Each known carrier's public tracking page for one number. */
const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, (number: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
};

/**
 * The carrier's tracking page for `trackingNumber`, or null: no carrier, `other`, or no
 * number. The number is URL-encoded (it is the seller's free text).
 */
export function trackingUrl(carrier: Carrier | null, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!carrier || carrier === 'other' || !number) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

export const TRACKING_TEXTS = {
  /** The link on My Orders and in the shipped e-mail. */
  track: 'Track your parcel',
  carrierLabel: 'Carrier',
  noCarrier: 'Not set',
} as const;
