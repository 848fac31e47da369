import { parseId } from '@leafline/contract/ids';
import type { Order, OrderAddress, OrderNotes } from '@leafline/contract/orders';

/**
 * SPEC §2 Orders: the time in the browser's own date format, labelled UTC — so it is shown
 * in UTC, which makes the label true: '3/14/2026, 9:26 AM UTC'.
 */
export function formatOrderDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toLocaleString(locale, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${text} UTC`;
}

/** Newest first, by created_at (SPEC §2 Orders). */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

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

/** SPEC §3: notes may be JSON text with the discount fields; `notes_data` is it parsed. */
export function readNotes(order: Pick<Order, 'notes' | 'notes_data'>): OrderNotes | null {
  if (order.notes_data) return order.notes_data;
  if (!order.notes) return null;
  try {
    const parsed = JSON.parse(order.notes) as Partial<OrderNotes>;
    return parsed && typeof parsed === 'object' && 'discount_applied' in parsed
      ? (parsed as OrderNotes)
      : null;
  } catch {
    return null;
  }
}

/** 'Size: M · Colour: Sage', or null without options. */
export function variantOptionsLabel(options: Record<string, string>): string | null {
  const entries = Object.entries(options).filter(([, value]) => value.trim() !== '');
  if (entries.length === 0) return null;
  return entries.map(([name, value]) => `${name}: ${value}`).join(' · ');
}

/** Order ids from `order_id` or comma-separated `order_ids` (SPEC §2), each once, in order. */
export function orderIdsFromSearch(params: URLSearchParams): number[] {
  const raw = [params.get('order_ids') ?? '', params.get('order_id') ?? ''].join(',');
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (!/^\d{1,10}$/.test(text)) continue;
    const id = parseId(text);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
