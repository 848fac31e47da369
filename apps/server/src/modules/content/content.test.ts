import { faqResponse, HOME_MESSAGE, homeResponse, partnersResponse } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { addFaq, addPartners } from '../../../test/helpers/content-fixtures';
import { faqItems } from '../../db/schema/index';
import { FAQ, PARTNERS } from '../../seed/data/content';

/** The static pages' data (SPEC §1 partners, §2 FAQ, §3 FAQ item): `api/faq/`, `api/partners/`. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET home/', () => {
  it("answers the site root's greeting as §3's Home response, not the app's 404 page", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(homeResponse.strict().parse(res.json())).toEqual({ message: HOME_MESSAGE });
  });
});

describe('GET api/faq/', () => {
  it('answers an empty list before any FAQ exists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faq/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('groups the questions by category, in page order', async () => {
    await addFaq(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/faq/' });
    expect(res.statusCode).toBe(200);
    const faq = faqResponse.parse(res.json());
    expect(faq.map((g) => g.category)).toEqual([
      'Sustainability vetting',
      'What makes Leafline different',
      'Affordability',
      'Returns and cancellations',
      'Payments',
      'Joining as a brand',
    ]);
    for (const [g, group] of faq.entries()) {
      expect(group.items.map((i) => [i.question, i.answer])).toEqual(FAQ[g]!.items);
    }
    expect(faq[0]!.items[1]!.question).toBe('What counts as sustainable materials?');
    const ids = faq.flatMap((g) => g.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('follows the stored positions when an editor moves a question', async () => {
    await t.db.insert(faqItems).values({
      category: 'Payments',
      question: 'Is there a fee to pay by card?',
      answer: 'No, never.',
      position: 399,
    });
    const faq = faqResponse.parse((await t.app.inject({ method: 'GET', url: '/api/faq/' })).json());
    const payments = faq.find((g) => g.category === 'Payments')!;
    expect(payments.items[0]!.question).toBe('Is there a fee to pay by card?');
    expect(payments.items).toHaveLength(4);
    expect(faq).toHaveLength(6);
  });
});

describe('GET api/partners/', () => {
  it('lists the six partner organisations with website and logo address, in page order', async () => {
    await addPartners(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/' });
    expect(res.statusCode).toBe(200);
    const partners = partnersResponse.parse(res.json());
    expect(partners).toHaveLength(6);
    expect(partners.map((p) => [p.name, p.website])).toEqual(
      PARTNERS.map((p) => [p.name, p.website]),
    );
    expect(partners.map((p) => p.logo)).toEqual(
      PARTNERS.map((_, i) => `/media/partners/partner-${i}.webp`),
    );
    for (const partner of partners) expect(partner.website).toMatch(/^https:\/\//);
  });
});
