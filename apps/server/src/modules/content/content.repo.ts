import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqItems, partners } from '../../db/schema/index';

/** Drizzle queries of the static pages' data: FAQ and partners (DESIGN 2.9). */

/** FAQ items in page order: by position, which also keeps each category together. */
export function listFaqItems(db: Db) {
  return db
    .select({
      id: faqItems.id,
      category: faqItems.category,
      question: faqItems.question,
      answer: faqItems.answer,
    })
    .from(faqItems)
    .orderBy(asc(faqItems.position), asc(faqItems.id));
}

export function listPartners(db: Db) {
  return db
    .select({
      id: partners.id,
      name: partners.name,
      logo: partners.logo,
      website: partners.website,
    })
    .from(partners)
    .orderBy(asc(partners.position), asc(partners.id));
}
