import { type SQL, sql } from 'drizzle-orm';

/**
 * Reads of a product's ratings as SQL (issue 27; `product_ratings`, kept by the reviews module
 * in the transaction of each review change): the
 * average of its shown reviews to one decimal (null with none) and how many there are, over
 * the products row named `alias` ('p', or '"products"' in a query of drizzle's builder).
 */
export const ratingAverageSql = (alias: string): SQL<number | null> =>
  sql.raw(`(select round(r.sum::numeric / r.count, 1)::float8 from product_ratings r
    where r.product_id = ${alias}.id and r.count > 0)`) as SQL<number | null>;

export const ratingCountSql = (alias: string): SQL<number> =>
  sql.raw(`coalesce((select r.count from product_ratings r
    where r.product_id = ${alias}.id), 0)`) as SQL<number>;
