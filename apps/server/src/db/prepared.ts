import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Named prepared statements for the hot calls (cart, guard, shipping quote). A named statement
 * is parsed and planned once per pooled connection on node-postgres (then its plan is reused);
 * an unnamed one is planned on every request, which cost more than running the cart's query.
 * Built once per database handle (pool or transaction): the name must always mean one text.
 */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

const dialect = new PgDialect();

/** A prepared statement of hand-written SQL (with `sql.placeholder`s), rows as objects. */
export function preparedSql<Row>(
  name: string,
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const statement = perDb((db) => db._.session.prepareQuery(compiled, undefined, name, false));
  return async (db, values) => {
    const result = (await statement(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
