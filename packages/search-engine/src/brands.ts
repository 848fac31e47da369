import type { BrandDoc } from './types';

/** Per brand id: open, verified, the cart amount it ships free from, its name. */
export class BrandTable {
  active = new Uint8Array(256);
  verified = new Uint8Array(256);
  /** The smallest cart amount it ships free from (BrandDoc.freeShippingFromCents). */
  freeFrom = new Float64Array(256);
  names: string[] = [];

  /** Makes room for brand `id`. */
  grow(id: number) {
    if (id < this.active.length) return;
    const size = Math.max(id + 1, this.active.length * 2);
    const active = new Uint8Array(size);
    active.set(this.active);
    this.active = active;
    const verified = new Uint8Array(size);
    verified.set(this.verified);
    this.verified = verified;
    const freeFrom = new Float64Array(size);
    freeFrom.set(this.freeFrom);
    this.freeFrom = freeFrom;
  }

  /** Sets a brand's attributes; true when its open state changed. */
  set(doc: BrandDoc): boolean {
    this.grow(doc.id);
    const wasActive = this.active[doc.id] === 1;
    this.active[doc.id] = doc.active ? 1 : 0;
    this.verified[doc.id] = doc.verified ? 1 : 0;
    this.freeFrom[doc.id] = doc.freeShippingFromCents;
    this.names[doc.id] = doc.name ?? '';
    return wasActive !== doc.active;
  }

  isActive(id: number): boolean {
    return this.active[id] === 1;
  }

  /** Whether the brand ships free at this cart amount. */
  shipsFreeAt(id: number, amountCents: number): boolean {
    return this.freeFrom[id]! <= amountCents;
  }
}
