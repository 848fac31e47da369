import { type BusinessOverview, DELIVERY_MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { multipartPayload } from '../../../test/helpers/multipart-form';
import { businesses } from '../../db/schema/index';

/**
 * The business form's delivery fields (docs/decisions/0052): processing time and the returns
 * policy, saved by registration and the dashboard's edit, refused with a readable message.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const FIELDS = {
  name: 'Fernwood Goods',
  description: 'Plastic-free homeware.',
  email: 'hello@fernwood.example',
  shipping_strategy: 'Recycled paper parcels',
  price_range: '$$',
  production: 'Made in small batches',
};

async function post(url: string, headers: Record<string, string>, fields: Record<string, string>) {
  const form = await multipartPayload(fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const rowOf = async (id: number) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

async function owner() {
  const user = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: user.shopper.id, name: 'Before' });
  const edit = (fields: Record<string, string>) =>
    post(`/api/business/edit/${business.id}/`, user.headers, { ...FIELDS, ...fields });
  return { ...user, business, edit };
}

describe('the delivery fields of the business form', () => {
  it('gives a new business 2 processing days and returns within 30 days unless sent', async () => {
    const { headers } = await signedInShopper(t.app);
    const res = await post('/api/registerbiz/', headers, FIELDS);
    expect(res.statusCode).toBe(201);
    const overview = await t.app.inject({
      url: `/api/business/overview/${res.json().id}/`,
      headers,
    });
    expect(overview.json()).toMatchObject({
      processing_days: 2,
      returns_accepted: true,
      returns_days: 30,
    });
  });

  it('registers with the fields sent', async () => {
    const { headers } = await signedInShopper(t.app);
    const res = await post('/api/registerbiz/', headers, {
      ...FIELDS,
      processing_days: '4',
      returns_accepted: 'false',
    });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().id)).toMatchObject({
      processingDays: 4,
      returnsAccepted: false,
      returnsDays: null,
    });
  });

  it('saves processing days and the returns policy from the edit, both ways', async () => {
    const { business, edit } = await owner();
    let res = await edit({ processing_days: '5', returns_accepted: 'true', returns_days: '14' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject<Partial<BusinessOverview>>({
      processing_days: 5,
      returns_accepted: true,
      returns_days: 14,
    });

    res = await edit({ returns_accepted: 'false', returns_days: '14' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      processing_days: 5,
      returns_accepted: false,
      returns_days: null,
    });
    expect(await rowOf(business.id)).toMatchObject({
      processingDays: 5,
      returnsAccepted: false,
      returnsDays: null,
    });
  });

  it('keeps the stored values when the form does not send the fields', async () => {
    const { business, edit } = await owner();
    expect((await edit({ processing_days: '7', returns_accepted: 'false' })).statusCode).toBe(200);
    const res = await edit({ name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(business.id)).toMatchObject({
      name: 'Renamed',
      processingDays: 7,
      returnsAccepted: false,
      returnsDays: null,
    });
  });

  it.each([
    [{ processing_days: '0' }, 'processing_days', DELIVERY_MESSAGES.processingDays],
    [{ processing_days: '31' }, 'processing_days', DELIVERY_MESSAGES.processingDays],
    [{ processing_days: '2.5' }, 'processing_days', DELIVERY_MESSAGES.processingDays],
    [{ processing_days: 'soon' }, 'processing_days', DELIVERY_MESSAGES.processingDays],
    [{ returns_accepted: 'maybe' }, 'returns_accepted', DELIVERY_MESSAGES.returnsAccepted],
    [
      { returns_accepted: 'true', returns_days: '6' },
      'returns_days',
      DELIVERY_MESSAGES.returnsDays,
    ],
    [
      { returns_accepted: 'true', returns_days: '91' },
      'returns_days',
      DELIVERY_MESSAGES.returnsDays,
    ],
    [{ returns_accepted: 'true' }, 'returns_days', DELIVERY_MESSAGES.returnsDaysRequired],
    [{ returns_days: '20' }, 'returns_accepted', DELIVERY_MESSAGES.returnsAcceptedRequired],
  ])('refuses %j with 400 and its message, saving nothing', async (fields, field, message) => {
    const { business, edit } = await owner();
    const before = await rowOf(business.id);
    const res = await edit({ ...fields, name: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, fields: { [field]: message } });
    const after = await rowOf(business.id);
    expect(after).toMatchObject({
      name: 'Before',
      processingDays: before.processingDays,
      returnsAccepted: before.returnsAccepted,
      returnsDays: before.returnsDays,
    });
  });

  it('refuses a bad value at registration, registering nothing', async () => {
    const { shopper, headers } = await signedInShopper(t.app);
    const res = await post('/api/registerbiz/', headers, { ...FIELDS, processing_days: '45' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(DELIVERY_MESSAGES.processingDays);
    expect(await t.db.select().from(businesses).where(eq(businesses.ownerId, shopper.id))).toEqual(
      [],
    );
  });
});
