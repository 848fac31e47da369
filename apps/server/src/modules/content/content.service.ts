import type { FaqResponse, PartnersResponse } from '@leafline/contract';
import type { Db } from '../../db/client';
import { mediaUrl } from '../../lib/media-url';
import { listFaqItems, listPartners } from './content.repo';

/** The data of the static pages (SPEC §2 Static pages): the FAQ and the partner organisations. */

export interface ContentDeps {
  db: Db;
}

/**
 * The FAQ grouped by category: categories in the order of their first question, questions
 * in page order within each.
 */
export async function getFaq(deps: ContentDeps): Promise<FaqResponse> {
  const groups = new Map<string, FaqResponse[number]>();
  for (const row of await listFaqItems(deps.db)) {
    let group = groups.get(row.category);
    if (!group) {
      group = { category: row.category, items: [] };
      groups.set(row.category, group);
    }
    group.items.push({ id: row.id, question: row.question, answer: row.answer });
  }
  return [...groups.values()];
}

/** The partners in page order, each logo as its media address (like catalogue images). */
export async function getPartners(deps: ContentDeps): Promise<PartnersResponse> {
  const rows = await listPartners(deps.db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    logo: mediaUrl(row.logo) ?? '',
    website: row.website,
  }));
}
