import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rowsOf } from '../../db/raw-rows';
import { businesses, products } from '../../db/schema/index';
import { activeProductsJoin, type SummaryRow, summariesByIds } from '../catalog';
import { productStockSql } from '../stock';
import type { SearchRefinements } from './search-criteria';
import type { SearchRequest } from './search-port';

/**
 * The search query of DESIGN 2.11 (docs/decisions/0005-catalogue-api.md): the weighted
 * document of each product (name A, business B, category C, description D; GIN index) is
 * matched against the terms as typed (`websearch_to_tsquery`) OR against the terms with every
 * unknown word replaced by the closest word of the catalogue's vocabulary (pg_trgm, trigram
 * GIN index on `search_words`), so 'organc cotton' or 'sneker' still find products.
 */

/**
 * Each word kept when the catalogue knows it, else its closest known word (trigram similarity),
 * or itself when nothing is close. One small query on the vocabulary (GiST trigram index), run
 * before the search so the search itself compares against constant tsqueries: a tsquery built
 * from a sub-select inside it was rebuilt for every product row (~0.3 s at 100k products).
 */
export async function correctWords(db: Db, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const [row] = await rowsOf<{ words: string | null }>(
    db,
    sql`select (${correctedWordsSql(words)}) as words`,
  );
  return row?.words ? row.words.split(' ') : [];
}

/**
 * The correction of `correctWords` as one scalar sub-select (the words, space-separated, in
 * order), also used by the engine adapter's parse statement (engine-search.ts).
 */
export function correctedWordsSql(words: string[]): SQL {
  return sql`select string_agg(coalesce(
      (select s.word from search_words s where s.word = t.w),
      (select s.word from search_words s where s.word % t.w
        order by similarity(s.word, t.w) desc, s.word limit 1),
      t.w), ' ' order by t.n)
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as t(w, n)`;
}

/**
 * The shop's filters as SQL (the engine's filter answers them alike). The free-shipping one
 * leaves out the brands the shipping module found not shipping free at the amount (data, not
 * the rule: fees.ts `freeShippingFromCents`).
 */
/** A product is sold out: counted, and none left (docs/decisions/0042). */
const soldOut = sql`(${productStockSql('"products"')} = 0)`;
/**
 * The rating order (issue 27), as the engine's: the average in tenths (none: 0), then how many
 * ratings (product_ratings, kept by the reviews module).
 */
const ratingTenths = sql`coalesce((select round(r.sum * 10.0 / r.count)::int from product_ratings r
  where r.product_id = ${products.id} and r.count > 0), 0)`;
const ratingCount = sql`coalesce((select r.count from product_ratings r
  where r.product_id = ${products.id}), 0)`;
/** 1 for a sold-out product, else 0: the first key of the shop's orders. */
const soldOutRank = sql`(case when ${soldOut} then 1 else 0 end)`;

export function refinementConditions(
  r: SearchRefinements,
  notShippingFree: readonly number[],
  shipsFreeFrom: ReadonlyMap<number, number>,
): SQL[] {
  const conditions: SQL[] = [];
  if (r.brandIds.length) {
    conditions.push(sql`${businesses.id} = any(${pgArray(r.brandIds)}::int[])`);
  }
  if (r.shipsFree && shipsFreeFrom.size) {
    // The product's price reaches its brand's amount for the country (0 for a brand not listed).
    const ids = [...shipsFreeFrom.keys()];
    const amounts = [...shipsFreeFrom.values()];
    conditions.push(sql`${products.priceCents} >= coalesce((select t.cents
      from unnest(${pgArray(ids)}::int[], ${pgArray(amounts)}::int[]) as t(id, cents)
      where t.id = ${businesses.id}), 0)`);
  }
  if (r.secondHand) conditions.push(eq(products.condition, 'second_hand'));
  if (r.verified) conditions.push(eq(businesses.verified, true));
  if (r.minPriceCents !== null) conditions.push(sql`${products.priceCents} >= ${r.minPriceCents}`);
  if (r.maxPriceCents !== null) conditions.push(sql`${products.priceCents} <= ${r.maxPriceCents}`);
  if (notShippingFree.length) {
    conditions.push(sql`not (${businesses.id} = any(${pgArray(notShippingFree)}::int[]))`);
  }
  if (r.inStock) conditions.push(sql`${soldOut} is not true`);
  if (r.soldOut) conditions.push(sql`${soldOut} is true`);
  return conditions;
}

/**
 * Of these products, those whose document matches the terms as PostgreSQL reads them (typed,
 * or typo-corrected): the exact matches of a phrase, whose words the index already found.
 */
export async function phraseMatches(
  db: Db,
  ids: number[],
  terms: string,
  correctedWords: string[] | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const typed = sql`${products.searchVector} @@ websearch_to_tsquery('english', ${terms})`;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`${products.id} = any(${pgArray(ids)}::int[])`,
        correctedWords
          ? sql`(${typed} or ${products.searchVector} @@ plainto_tsquery('english', ${correctedWords.join(' ')}))`
          : typed,
      ),
    );
  return rows.map((r) => r.id);
}

/** The SQL search's criteria: the port's request with its typo correction and free shipping. */
export interface SearchCriteria extends SearchRequest {
  /** `words` with each unknown word replaced by its closest known word (correctWords). */
  corrected: string[];
  /**
   * With a free-shipping filter: the brands that do not ship free at its amount (worked out
   * by the shipping module's rule, free-shipping.ts), left out. Empty without one.
   */
  notShippingFree: readonly number[];
  /**
   * With "ships free to me": per brand that does not ship every product free to the shopper's
   * country, the smallest product price that does (the shipping module's rule). Empty without.
   */
  shipsFreeFrom: ReadonlyMap<number, number>;
}

export async function searchProducts(
  db: Db,
  criteria: SearchCriteria,
  limit: number,
  offset: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const conditions: SQL[] = refinementConditions(
    criteria.refinements,
    criteria.notShippingFree,
    criteria.shipsFreeFrom,
  );
  if (criteria.productCategory !== null) {
    conditions.push(eq(products.productCategory, criteria.productCategory));
  }
  let rank: SQL | undefined;
  if (criteria.terms !== '') {
    const typed = sql`websearch_to_tsquery('english', ${criteria.terms})`;
    const corrected = sql`plainto_tsquery('english', ${criteria.corrected.join(' ')})`;
    const typo = criteria.corrected.some((w, i) => w !== criteria.words[i]);
    conditions.push(
      typo
        ? sql`(${products.searchVector} @@ ${typed} or ${products.searchVector} @@ ${corrected})`
        : sql`${products.searchVector} @@ ${typed}`,
    );
    // Matches of the words as typed first, then corrected ones. The weights of the document
    // rank a name match above a business, category or description match. (A trigram likeness
    // of the name to the terms, tried as a tie-breaker, cost 6 µs a matching row: 0.2 s for a
    // broad word at 100k products, for no better order.)
    rank = typo
      ? sql`(2 * ts_rank(${products.searchVector}, ${typed})
          + ts_rank(${products.searchVector}, ${corrected}))`
      : sql`(3 * ts_rank(${products.searchVector}, ${typed}))`;
  }
  const where = conditions.length ? and(...conditions) : undefined;

  // Sold-out products after the others (the engine's order), unless the query asks one part.
  const soldOutLast =
    criteria.refinements.inStock || criteria.refinements.soldOut ? [] : [soldOutRank];
  const order: SQL[] = [
    ...soldOutLast,
    ...(criteria.sort === 'price_low_to_high'
      ? [asc(products.priceCents), asc(products.id)]
      : criteria.sort === 'price_high_to_low'
        ? [desc(products.priceCents), desc(products.id)]
        : criteria.sort === 'rating_high_to_low'
          ? [desc(ratingTenths), desc(ratingCount), desc(products.id)]
          : rank
            ? [desc(rank), desc(products.id)]
            : [desc(products.createdAt), desc(products.id)]),
  ];

  const countAll = async () =>
    (
      await db
        .select({ total: count() })
        .from(products)
        .innerJoin(businesses, activeProductsJoin)
        .where(where)
    )[0]?.total ?? 0;
  const pageIds = () =>
    db
      .select({ id: products.id, total: sql<number>`0` })
      .from(products)
      .innerJoin(businesses, activeProductsJoin)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  /**
   * With terms: the matches with their rank in a fenced sub-query (`offset 0`), then the page
   * and the count of all matches (a window count) over those narrow rows. Ranking reads every
   * match anyway; counting in the same pass saves reading them again, and the fence keeps the
   * window from carrying each row's search document (25 % faster at 17,000 matches).
   */
  const rankedPageIds = (rankSql: SQL) => {
    const matches = db
      .select({
        id: products.id,
        priceCents: products.priceCents,
        rank: sql<number>`${rankSql}`.as('rank'),
        soldOut: sql<number>`${soldOutRank}`.as('sold_out'),
        ratingTenths: sql<number>`${ratingTenths}`.as('rating_tenths'),
        ratingCount: sql<number>`${ratingCount}`.as('rating_count'),
      })
      .from(products)
      .innerJoin(businesses, activeProductsJoin)
      .where(where)
      .offset(0)
      .as('matches');
    const rankedOrder: SQL[] = [
      ...(soldOutLast.length ? [asc(matches.soldOut)] : []),
      ...(criteria.sort === 'price_low_to_high'
        ? [asc(matches.priceCents), asc(matches.id)]
        : criteria.sort === 'price_high_to_low'
          ? [desc(matches.priceCents), desc(matches.id)]
          : criteria.sort === 'rating_high_to_low'
            ? [desc(matches.ratingTenths), desc(matches.ratingCount), desc(matches.id)]
            : [desc(matches.rank), desc(matches.id)]),
    ];
    return db
      .select({ id: matches.id, total: sql<number>`count(*) over ()` })
      .from(matches)
      .orderBy(...rankedOrder)
      .limit(limit)
      .offset(offset);
  };

  // The page's ids first, then their fields: computed in one query, the image sub-select ran for
  // every row skipped by the offset too (8,000 of them on page 400).
  let page: Array<{ id: number; total: number }>;
  let total: number;
  if (rank) {
    page = await rankedPageIds(rank);
    total = page.length ? Number(page[0]!.total) : offset === 0 ? 0 : await countAll();
  } else {
    // Newest first or by price, the page comes from an index: only the count reads it all.
    [page, total] = await Promise.all([pageIds(), countAll()]);
  }
  const byId = new Map(
    (
      await summariesByIds(
        db,
        page.map((p) => p.id),
      )
    ).map((r) => [r.id, r]),
  );
  const rows = page.flatMap((p) => byId.get(p.id) ?? []);
  return { rows, total };
}
