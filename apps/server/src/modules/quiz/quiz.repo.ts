import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quizPersonas } from '../../db/schema/index';

/** Drizzle queries of the quiz: the personas kept as data (DESIGN 2.9). */

export type PersonaRow = typeof quizPersonas.$inferSelect;

/** Every persona in id order (persona 1 first: it wins ties, SPEC §4). */
export function listPersonas(db: Db): Promise<PersonaRow[]> {
  return db.select().from(quizPersonas).orderBy(asc(quizPersonas.id));
}

export async function findPersona(db: Db, id: number): Promise<PersonaRow | undefined> {
  const [row] = await db.select().from(quizPersonas).where(eq(quizPersonas.id, id)).limit(1);
  return row;
}

/** The persona of a result title, compared without case and outer spaces. */
export async function findPersonaByTitle(db: Db, title: string): Promise<PersonaRow | undefined> {
  const [row] = await db
    .select()
    .from(quizPersonas)
    .where(sql`lower(btrim(${quizPersonas.title})) = lower(btrim(${title}))`)
    .orderBy(asc(quizPersonas.id))
    .limit(1);
  return row;
}
