import PgBoss from 'pg-boss';

/**
 * The job runner's tables (pg-boss, decision 0018) live in their own schema, `pgboss`, and are
 * made by pg-boss's own plans: created with the app's migrations, so a fresh database (and the
 * test template) has them before any instance starts, and upgraded by pg-boss itself when its
 * version moves (it compares `pgboss.version` at start).
 */
export const JOB_SCHEMA = 'pgboss';

type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export async function installJobSchema(executeSql: ExecuteSql): Promise<void> {
  const { rows } = await executeSql(`select to_regclass('${JOB_SCHEMA}.version') as version`);
  if (rows[0]?.version) return;
  // One script in one transaction, under pg-boss's advisory lock: of two instances starting
  // together on a fresh database one creates it; the other's script then fails on what exists
  // and rolls back, and finds the schema made.
  try {
    await executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
  } catch (error) {
    const again = await executeSql(`select to_regclass('${JOB_SCHEMA}.version') as version`);
    if (!again.rows[0]?.version) throw error;
  }
}
