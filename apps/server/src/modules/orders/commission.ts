import { COMMISSION_RATE } from '@leafline/contract';

/**
 * An order's split (SPEC §1): the marketplace keeps a 3 % commission, the brand is paid the
 * rest. The orders module owns it (it is a property of the order's total); the payouts module
 * pays what it says.
 */

const COMMISSION_BASIS_POINTS = Math.round(COMMISSION_RATE * 10_000);

/** round(3 % × total), half-up, in whole cents. */
export function commissionCents(totalCents: number): number {
  return Math.floor((totalCents * COMMISSION_BASIS_POINTS + 5_000) / 10_000);
}

/** What the brand receives for an order: total − round(3 % × total). */
export const payoutCents = (totalCents: number) => totalCents - commissionCents(totalCents);
