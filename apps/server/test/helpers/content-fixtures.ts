import type { Db } from '../../src/db/client';
import { faqItems, partners, quizPersonas } from '../../src/db/schema/index';
import { FAQ, PARTNERS, PERSONAS } from '../../src/seed/data/content';
import { addBusiness, addProduct } from './catalog-fixtures';

/**
 * The seed's FAQ, partners and quiz personas written straight to the database, with a small
 * catalogue of the personas' products (the demo seed draws images and takes far too long
 * for a test). Rows are inserted in reverse, so that ids do not give the page order away.
 */

export interface SeededPersona {
  id: number;
  title: string;
  productIds: number[];
}

/** Six personas of SPEC §3, each with six products (named as in the seed) of one brand. */
export async function addPersonas(db: Db): Promise<SeededPersona[]> {
  const business = await addBusiness(db, { name: 'Quiz Picks Co' });
  const seeded: SeededPersona[] = [];
  for (const persona of PERSONAS) {
    const productIds: number[] = [];
    for (const [i, name] of persona.products.entries()) {
      const product = await addProduct(db, business.id, {
        name,
        priceCents: 1200 + persona.id * 100 + i,
        images: [`products/persona-${persona.id}-${i}.webp`],
      });
      productIds.push(product.id);
    }
    seeded.push({ id: persona.id, title: persona.title, productIds });
  }
  await db.insert(quizPersonas).values(
    [...PERSONAS].reverse().map((persona) => ({
      id: persona.id,
      title: persona.title,
      description: persona.description,
      nextSteps: [...persona.nextSteps],
      matchingAnswers: persona.matchingAnswers,
      productIds: seeded.find((s) => s.id === persona.id)!.productIds,
    })),
  );
  return seeded;
}

/** The seed's FAQ, positions as the seed gives them (category g, question i: g × 100 + i). */
export async function addFaq(db: Db): Promise<void> {
  const rows = FAQ.flatMap((group, g) =>
    group.items.map(([question, answer], i) => ({
      category: group.category,
      question,
      answer,
      position: g * 100 + i,
    })),
  );
  await db.insert(faqItems).values(rows.reverse());
}

/** The seed's six partners with logo media keys. */
export async function addPartners(db: Db): Promise<void> {
  await db.insert(partners).values(
    PARTNERS.map((p, position) => ({
      name: p.name,
      website: p.website,
      logo: `partners/partner-${position}.webp`,
      position,
    })).reverse(),
  );
}
