import type { SearchFilter } from '@leafline/contract/catalog';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, products } from '../../db/schema/index';
import { activeProductsJoin, type SummaryRow, summaryFields } from '../catalog/catalog.repo';

/**
 * The search query of DESIGN 2.11 (docs/decisions/0005-catalogue-api.md): the weighted
 * document of each product (name A, business B, category C, description D; GIN index) is
 * matched against the terms as typed (`websearch_to_tsquery`) OR against the terms with every
 * unknown word replaced by the closest word of the catalogue's vocabulary (pg_trgm, trigram
 * GIN index on `search_words`), so 'organc cotton' or 'sneker' still find products.
 */

export interface SearchCriteria {
  /** The terms as typed (already cut to the maximum length); '' lists everything. */
  terms: string;
  /** Lower-case words of the terms, for the typo correction. */
  words: string[];
  /** A product_category, or null for all. */
  productCategory: string | null;
  sort: SearchFilter;
}

/**
 * Each word kept when the catalogue knows it, else its closest known word (trigram similarity).
 * `unnest(string_to_array(…))` lets the planner count the words exactly: an estimate of a
 * thousand rows made the query look costly enough for PostgreSQL to JIT-compile it (~0.5 s).
 */
function correctedTerms(words: string[]): SQL {
  return sql`(select string_agg(coalesce(
      (select s.word from search_words s where s.word = t.w),
      (select s.word from search_words s where s.word % t.w
        order by similarity(s.word, t.w) desc, s.word limit 1),
      t.w), ' ' order by t.n)
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as t(w, n))`;
}

export async function searchProducts(
  db: Db,
  criteria: SearchCriteria,
  limit: number,
  offset: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (criteria.productCategory !== null) {
    conditions.push(eq(products.productCategory, criteria.productCategory));
  }
  let rank: SQL | undefined;
  if (criteria.terms !== '') {
    const typed = sql`websearch_to_tsquery('english', ${criteria.terms})`;
    const corrected = sql`plainto_tsquery('english', ${correctedTerms(criteria.words)})`;
    conditions.push(
      sql`(${products.searchVector} @@ ${typed} or ${products.searchVector} @@ ${corrected})`,
    );
    // Matches of the words as typed first, then corrected ones; the trigram likeness of the
    // name (and, less, of the business name) to the terms breaks near-ties.
    rank = sql`(2 * ts_rank(${products.searchVector}, ${typed})
      + ts_rank(${products.searchVector}, ${corrected})
      + 0.3 * word_similarity(${criteria.terms}, ${products.name})
      + 0.1 * word_similarity(${criteria.terms}, ${businesses.name}))`;
  }
  const where = conditions.length ? and(...conditions) : undefined;

  const order: SQL[] =
    criteria.sort === 'price_low_to_high'
      ? [asc(products.priceCents), asc(products.id)]
      : criteria.sort === 'price_high_to_low'
        ? [desc(products.priceCents), desc(products.id)]
        : rank
          ? [desc(rank), desc(products.id)]
          : [desc(products.createdAt), desc(products.id)];

  const [rows, totals] = await Promise.all([
    db
      .select(summaryFields)
      .from(products)
      .innerJoin(businesses, activeProductsJoin)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(businesses, activeProductsJoin)
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
