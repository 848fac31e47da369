import type { BrandDoc } from './types';

/** Per brand id: open, verified, the cart amount it ships free from, its name. */
export class BrandTable {
  active = new Uint8Array(256);
  verified = new Uint8Array(256);
  /** The smallest cart amount it ships free from (BrandDoc.freeShippingFromCents). */
  freeFrom = new Float64Array(256);
  /** The same amount to the countries it does not name (BrandDoc.freeShippingByCountry). */
  freeElsewhere = new Float64Array(256);
  /** Country → brand → the amount to that country, for the countries brands name. */
  private readonly freeByCountry = new Map<string, Map<number, number>>();
  /** Per brand, the countries it names in `freeByCountry`. */
  private readonly countriesOf = new Map<number, string[]>();
  /** The per-brand amounts of the countries asked lately (emptied by every change). */
  private readonly freeToKept = new Map<string, Float64Array>();
  names: string[] = [];
  /** Per brand id, its place in the order of names (then ids); null until asked after a change. */
  private nameOrder: Int32Array | null = null;

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
    const freeElsewhere = new Float64Array(size);
    freeElsewhere.set(this.freeElsewhere);
    this.freeElsewhere = freeElsewhere;
    this.freeToKept.clear();
  }

  /** Sets a brand's attributes; true when its open state changed. */
  set(doc: BrandDoc): boolean {
    this.grow(doc.id);
    const wasActive = this.active[doc.id] === 1;
    this.active[doc.id] = doc.active ? 1 : 0;
    this.verified[doc.id] = doc.verified ? 1 : 0;
    this.freeFrom[doc.id] = doc.freeShippingFromCents;
    this.setFreeByCountry(doc);
    if (this.names[doc.id] !== (doc.name ?? '')) this.nameOrder = null;
    this.names[doc.id] = doc.name ?? '';
    return wasActive !== doc.active;
  }

  private setFreeByCountry(doc: BrandDoc) {
    for (const country of this.countriesOf.get(doc.id) ?? []) {
      this.freeByCountry.get(country)?.delete(doc.id);
    }
    this.countriesOf.delete(doc.id);
    const byCountry = doc.freeShippingByCountry;
    this.freeElsewhere[doc.id] = byCountry?.elsewhereCents ?? doc.freeShippingFromCents;
    if (byCountry) {
      const countries = Object.keys(byCountry.countries);
      for (const country of countries) {
        let brands = this.freeByCountry.get(country);
        if (!brands) {
          brands = new Map();
          this.freeByCountry.set(country, brands);
        }
        brands.set(doc.id, byCountry.countries[country]!);
      }
      if (countries.length) this.countriesOf.set(doc.id, countries);
    }
    this.freeToKept.clear();
  }

  /**
   * Per brand id, the smallest cart of that brand alone that ships free to `country` (its
   * amount for the country, else for every other): worked out once per country until a brand
   * changes. Not to be written.
   */
  freeTo(country: string): Float64Array {
    let amounts = this.freeToKept.get(country);
    if (amounts) return amounts;
    amounts = this.freeElsewhere.slice();
    for (const [id, cents] of this.freeByCountry.get(country) ?? []) amounts[id] = cents;
    if (this.freeToKept.size >= 8) this.freeToKept.clear();
    this.freeToKept.set(country, amounts);
    return amounts;
  }

  /**
   * Per brand id (below the table's size), its place when the brands are ordered by name (by
   * UTF-16 code units), then by id: worked out again only after a name changed.
   */
  nameRanks(): Int32Array {
    if (this.nameOrder && this.nameOrder.length === this.active.length) return this.nameOrder;
    const ids = Array.from({ length: this.active.length }, (_, id) => id);
    const name = (id: number) => this.names[id] ?? '';
    ids.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b));
    const ranks = new Int32Array(ids.length);
    ids.forEach((id, rank) => {
      ranks[id] = rank;
    });
    this.nameOrder = ranks;
    return ranks;
  }

  isActive(id: number): boolean {
    return this.active[id] === 1;
  }

  /** Whether the brand ships free at this cart amount. */
  shipsFreeAt(id: number, amountCents: number): boolean {
    return this.freeFrom[id]! <= amountCents;
  }
}
