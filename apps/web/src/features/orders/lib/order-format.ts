import { parseId } from '@leafline/contract/ids';
import type { Order, OrderNotes } from '@leafline/contract/orders';

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

/** Order ids from `order_id` or comma-separated `order_ids` (SPEC §2), each once, in order. */
export function orderIdsFromSearch(params: URLSearchParams): number[] {
  const raw = [params.get('order_ids') ?? '', params.get('order_id') ?? ''].join(',');
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const id = parseId(part.trim());
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
