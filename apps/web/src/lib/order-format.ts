import type { OrderAddress } from '@leafline/contract/orders';

/** What the buyer's and the seller's order screens both read from an order (SPEC §3). */

/** SPEC §3: shipping_address may arrive as an object or as JSON text. */
export function readAddress(value: unknown): OrderAddress | null {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === 'string' ? (a[key] as string) : '');
  return {
    name: text('name'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    country: text('country'),
    phone: text('phone'),
  };
}

export function addressLines(address: OrderAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2,
    [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    address.country === 'US' ? 'United States' : address.country,
  ].filter((line) => line.trim() !== '');
}

/** 'Size: M · Colour: Sage', or null without options. */
export function variantOptionsLabel(options: Record<string, string>): string | null {
  const entries = Object.entries(options).filter(([, value]) => value.trim() !== '');
  if (entries.length === 0) return null;
  return entries.map(([name, value]) => `${name}: ${value}`).join(' · ');
}
