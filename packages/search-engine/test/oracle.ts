import { parseTsvector, type QueryNode } from '../src/text';
import type {
  BrandDoc,
  EngineQuery,
  FacetCounts,
  ProductDoc,
  ProductSummary,
  SearchIndexOptions,
  SearchPage,
  SearchRefinements,
} from '../src/types';

/**
 * The naive reference the index is compared with (oracle.test.ts): every product in a Map,
 * every answer worked out by reading all of them, as README.md describes the answers — no
 * slots, postings, blocks, heaps, prebuilt orders or cells.
 */

const f = Math.fround;
const EPOCH_SECONDS = 946_684_800; // 2000-01-01

interface Product extends ProductDoc {
  /** Lexeme → its score (float4). */
  scores: Map<string, number>;
}

/** Which filter a facet leaves out. */
type Leave =
  | 'none'
  | 'category'
  | 'secondHand'
  | 'verified'
  | 'price'
  | 'free'
  | 'stock'
  | 'brand'
  | 'shipsFree';

export class Oracle {
  private readonly products = new Map<number, Product>();
  private readonly brands = new Map<number, BrandDoc>();

  constructor(private readonly options: SearchIndexOptions) {}

  upsert(doc: ProductDoc) {
    const scores = new Map(parseTsvector(doc.vector).map((t) => [t.lexeme, f(t.score)]));
    this.products.set(doc.id, { ...doc, scores });
  }

  remove(id: number) {
    this.products.delete(id);
  }

  setBusiness(doc: BrandDoc) {
    this.brands.set(doc.id, doc);
  }

  search(query: EngineQuery, limit: number, offset: number): SearchPage {
    const kept = this.matches(query).filter((p) => this.passes(p, query, 'none'));
    // Sold-out products after the others, each part in the asked order.
    const order = this.order(query);
    kept.sort((a, b) => Number(soldOut(a)) - Number(soldOut(b)) || order(a, b));
    return { ids: kept.slice(offset, offset + limit).map((p) => p.id), total: kept.length };
  }

  facets(query: EngineQuery): FacetCounts {
    return this.facetsOf(this.matches(query), query.productCategory, query.refinements);
  }

  facetsOfIds(ids: readonly number[], r: SearchRefinements, category: string | null = null) {
    return this.facetsOf(this.existing(ids), category, r);
  }

  filterIds(ids: readonly number[], r: SearchRefinements): Set<number> {
    const query = { productCategory: null, refinements: r } as EngineQuery;
    return new Set(
      this.existing(ids)
        .filter((p) => this.shown(p) && this.passes(p, query, 'none'))
        .map((p) => p.id),
    );
  }

  textMatchIds(query: EngineQuery): number[] {
    return this.matches(query).map((p) => p.id);
  }

  summaries(ids: readonly number[]): ProductSummary[] {
    return this.existing(ids)
      .filter((p) => this.shown(p))
      .map((p) => ({
        id: p.id,
        name: p.name,
        priceCents: p.priceCents,
        businessId: p.businessId,
        businessName: this.brands.get(p.businessId)?.name ?? '',
        condition: p.secondHand ? 'second_hand' : 'new',
        productCategory: p.productCategory,
        primaryImage: p.primaryImage,
        stock: p.stock ?? null,
        ratingAverage: p.ratingCount
          ? Math.round(((p.ratingSum ?? 0) * 10) / p.ratingCount) / 10
          : null,
        ratingCount: p.ratingCount ?? 0,
      }));
  }

  private existing(ids: readonly number[]): Product[] {
    return ids.flatMap((id) => this.products.get(id) ?? []);
  }

  private shown(p: Product): boolean {
    return this.brands.get(p.businessId)?.active === true;
  }

  /** The shown products the terms match (all without terms). */
  private matches(query: EngineQuery): Product[] {
    const all = [...this.products.values()].filter((p) => this.shown(p));
    if (!query.hasTerms) return all;
    const { typed, corrected } = query;
    if (!typed) return [];
    return all.filter(
      (p) => satisfies(p, typed) || (corrected !== null && satisfies(p, corrected)),
    );
  }

  /** Whether a shown product passes the query's category and refinements, but `leave`. */
  private passes(p: Product, query: EngineQuery, leave: Leave): boolean {
    const r = query.refinements;
    const brand = this.brands.get(p.businessId)!;
    return (
      (leave === 'category' ||
        query.productCategory === null ||
        p.productCategory === query.productCategory) &&
      (leave === 'secondHand' || !r.secondHand || p.secondHand) &&
      (leave === 'verified' || !r.verified || brand.verified) &&
      (leave === 'price' ||
        ((r.minPriceCents === null || p.priceCents >= r.minPriceCents) &&
          (r.maxPriceCents === null || p.priceCents <= r.maxPriceCents))) &&
      (leave === 'free' ||
        r.freeShippingAtCents === null ||
        brand.freeShippingFromCents <= r.freeShippingAtCents) &&
      (leave === 'brand' || r.brandIds.length === 0 || r.brandIds.includes(p.businessId)) &&
      (leave === 'shipsFree' || !r.shipsFree || this.shipsFreeTo(p, r.country)) &&
      (leave === 'stock' || !r.inStock || !soldOut(p)) &&
      (leave === 'stock' || !r.soldOut || soldOut(p))
    );
  }

  /** Whether a cart of this product alone ships free to `country` (its brand's amount there). */
  private shipsFreeTo(p: Product, country: string): boolean {
    const brand = this.brands.get(p.businessId)!;
    const byCountry = brand.freeShippingByCountry;
    const from = byCountry
      ? (byCountry.countries[country] ?? byCountry.elsewhereCents)
      : brand.freeShippingFromCents;
    return p.priceCents >= from;
  }

  /** The order of the results: rank (or newest first without terms), or price; then id. */
  private order(query: EngineQuery): (a: Product, b: Product) => number {
    if (query.sort === 'price_low_to_high')
      return (a, b) => a.priceCents - b.priceCents || a.id - b.id;
    if (query.sort === 'price_high_to_low')
      return (a, b) => b.priceCents - a.priceCents || b.id - a.id;
    if (query.sort === 'rating_high_to_low') {
      // The average in tenths (none: 0), then how many ratings, then the id.
      const tenths = (p: Product) =>
        p.ratingCount ? Math.round(((p.ratingSum ?? 0) * 10) / p.ratingCount) : 0;
      return (a, b) =>
        tenths(b) - tenths(a) || (b.ratingCount ?? 0) - (a.ratingCount ?? 0) || b.id - a.id;
    }
    if (!query.hasTerms) {
      const second = (p: Product) => Math.max(0, Math.floor(p.createdMs / 1000) - EPOCH_SECONDS);
      return (a, b) => second(b) - second(a) || b.id - a.id;
    }
    return (a, b) => rank(b, query) - rank(a, query) || b.id - a.id;
  }

  private facetsOf(matches: Product[], category: string | null, r: SearchRefinements) {
    const query = { productCategory: category, refinements: r } as EngineQuery;
    const counts: FacetCounts = {
      count: 0,
      secondHand: 0,
      verified: 0,
      freeShipping: 0,
      inStock: 0,
      priceRanges: this.options.priceRanges.map(() => 0),
      categories: new Map(this.options.categories.map((c) => [c, 0])),
      shipsFree: 0,
      brands: [],
    };
    const perBrand = new Map<number, number>();
    for (const p of matches) {
      if (!this.shown(p)) continue;
      const brand = this.brands.get(p.businessId)!;
      const pass = (leave: Leave) => this.passes(p, query, leave);
      if (pass('none')) counts.count++;
      if (p.secondHand && pass('secondHand')) counts.secondHand++;
      if (brand.verified && pass('verified')) counts.verified++;
      if (brand.freeShippingFromCents <= (r.freeShippingAtCents ?? 0) && pass('free')) {
        counts.freeShipping++;
      }
      if (!soldOut(p) && pass('stock')) counts.inStock++;
      if (this.shipsFreeTo(p, r.country) && pass('shipsFree')) counts.shipsFree++;
      if (pass('brand')) perBrand.set(p.businessId, (perBrand.get(p.businessId) ?? 0) + 1);
      this.options.priceRanges.forEach(([low, high], k) => {
        const inRange = p.priceCents >= low && (high === null || p.priceCents <= high);
        if (inRange && pass('price')) counts.priceRanges[k]!++;
      });
      if (counts.categories.has(p.productCategory) && pass('category')) {
        counts.categories.set(p.productCategory, counts.categories.get(p.productCategory)! + 1);
      }
    }
    // The chosen brands that are shown, even without a product here.
    for (const id of r.brandIds) {
      if (this.brands.get(id)?.active && !perBrand.has(id)) perBrand.set(id, 0);
    }
    counts.brands = [...perBrand]
      .map(([id, count]) => ({ id, name: this.brands.get(id)?.name ?? '', count }))
      .sort(
        (a, b) =>
          b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id,
      );
    return counts;
  }
}

/** Sold out: counted, and none left. */
const soldOut = (p: ProductDoc) => p.stock === 0;

/** Whether a product's lexemes satisfy a query (a phrase as all its words). */
function satisfies(p: Product, node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
      return p.scores.has(node.lexeme);
    case 'not':
      return !satisfies(p, node.operand);
    case 'and':
      return satisfies(p, node.left) && satisfies(p, node.right);
    case 'or':
      return satisfies(p, node.left) || satisfies(p, node.right);
    case 'phrase':
      return node.parts.every((part) => satisfies(p, part));
  }
}

/** The distinct lexemes of a query in its order, those under a NOT too (as ts_rank counts). */
function lexemesOf(node: QueryNode | null, into: string[] = []): string[] {
  if (!node) return into;
  if (node.kind === 'term') {
    if (!into.includes(node.lexeme)) into.push(node.lexeme);
  } else if (node.kind === 'not') lexemesOf(node.operand, into);
  else if (node.kind === 'phrase') for (const part of node.parts) lexemesOf(part, into);
  else {
    lexemesOf(node.left, into);
    lexemesOf(node.right, into);
  }
  return into;
}

/** A product's share of a query's rank: its lexemes' scores added in float4, in order. */
function share(p: Product, lexemes: string[]): number {
  let sum = 0;
  for (const lexeme of lexemes) {
    const score = p.scores.get(lexeme);
    if (score !== undefined) sum = f(sum + score);
  }
  return sum;
}

/**
 * The rank: one typed word is its score; else ts_rank's calc_rank_or in float4, the typed
 * terms' share weighing 3 (2 when a word was corrected, plus the corrected terms' share).
 */
function rank(p: Product, query: EngineQuery): number {
  const { typed, corrected } = query;
  if (typed?.kind === 'term' && corrected === null) return p.scores.get(typed.lexeme) ?? 0;
  const typedLexemes = lexemesOf(typed);
  const correctedLexemes = lexemesOf(corrected);
  return f(
    (corrected ? 2 : 3) * f(share(p, typedLexemes) / Math.max(1, typedLexemes.length)) +
      f(share(p, correctedLexemes) / Math.max(1, correctedLexemes.length)),
  );
}
