import { VERIFICATION_MESSAGES, type VerificationResponse } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { multipartPayload, pngFile } from '../../../test/helpers/multipart-form';
import { businesses } from '../../db/schema/index';
import { MAIL_QUEUE } from '../mail';

/** Issue 29, point 10: the Verified badge, asked for by the brand and decided by an operator. */

const OPS_TOKEN = 'ops-token-for-the-verification-test-0123456789';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };

let t: TestApp;
let owner: Headers;
let ownerEmail = '';
let businessId = 0;
beforeAll(async () => {
  t = await buildTestApp({ OPS_TOKEN });
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  ownerEmail = seller.shopper.email;
  businessId = (await addBusiness(t.db, { ownerId: seller.shopper.id, name: 'Fern & Field' })).id;
});
afterAll(async () => {
  await t.close();
});

const state = async (): Promise<VerificationResponse> =>
  (await t.app.inject({ url: `/api/business/verification/${businessId}/`, headers: owner })).json();

async function send(fields: Record<string, string>, withDocument = false) {
  const body = await multipartPayload(
    fields,
    withDocument
      ? { document: { ...(await pngFile()), filename: 'gots.png', type: 'image/png' } }
      : {},
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/business/verification/${businessId}/`,
    headers: { ...owner, ...body.headers },
    payload: body.payload,
  });
}

const NOTES = {
  materials: '92% organic cotton, 8% recycled elastane.',
  packaging: 'Recycled paper mailers, no plastic.',
  certifications: 'GOTS',
};

describe('the Verified badge', () => {
  it('starts unverified with no request; notes are checked before they are kept', async () => {
    expect(await state()).toEqual({ verified: false, request: null });
    const missing = await send({ materials: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      materials: VERIFICATION_MESSAGES.materials,
      packaging: VERIFICATION_MESSAGES.packaging,
    });
    const long = await send({ ...NOTES, packaging: 'x'.repeat(2001) });
    expect(long.json().fields).toEqual({ packaging: VERIFICATION_MESSAGES.tooLong('Packaging') });
    expect(await state()).toEqual({ verified: false, request: null });
  });

  it('is declined with a reason the brand sees and is e-mailed; then approved on new notes', async () => {
    const sent = await send(NOTES, true);
    expect(sent.statusCode).toBe(201);
    const pending = sent.json() as VerificationResponse;
    expect(pending.request).toMatchObject({ status: 'pending', ...NOTES, reason: null });
    expect(pending.request!.document).toMatch(/^\/media\/verification\/[0-9a-f]+\.webp$/);
    expect((await t.app.inject({ url: pending.request!.document! })).statusCode).toBe(200);
    // One at a time.
    const again = await send(NOTES);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(VERIFICATION_MESSAGES.pending);

    // The operator's queue and decision: only with the token.
    expect((await t.app.inject({ url: '/ops/verifications/' })).statusCode).toBe(401);
    const queue = await t.app.inject({ url: '/ops/verifications/', headers: ops });
    expect(queue.json().requests).toEqual([
      expect.objectContaining({
        id: pending.request!.id,
        business: businessId,
        business_name: 'Fern & Field',
      }),
    ]);
    const id = pending.request!.id;
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/ops/verifications/${id}/decline/`,
      headers: ops,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/ops/verifications/${id}/decline/`,
      headers: ops,
      payload: { reason: 'Please send the GOTS certificate number.' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await state()).toMatchObject({
      verified: false,
      request: { status: 'declined', reason: 'Please send the GOTS certificate number.' },
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/ops/verifications/${id}/approve/`,
      headers: ops,
    });
    expect(twice.statusCode).toBe(409);
    await t.app.deps.jobs.drain([MAIL_QUEUE]);
    const declinedMail = t.mail.find(
      (m) => m.subject === VERIFICATION_MESSAGES.declinedSubject('Fern & Field'),
    );
    expect(declinedMail?.to).toBe(ownerEmail);
    expect(declinedMail?.text).toContain('Please send the GOTS certificate number.');
    expect(declinedMail?.html).toContain('Please send the GOTS certificate number.');

    // New notes after a decline; approved, the business is verified.
    const resent = await send({ ...NOTES, certifications: 'GOTS CU 123456' });
    expect(resent.statusCode).toBe(201);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/ops/verifications/${resent.json().request.id}/approve/`,
      headers: ops,
    });
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(await state()).toMatchObject({ verified: true, request: { status: 'approved' } });
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));
    expect(row!.verified).toBe(true);
    // The storefront's badge.
    const storefront = await t.app.inject({ url: `/api/business/${businessId}/` });
    expect(storefront.json().verified).toBe(true);
    await t.app.deps.jobs.drain([MAIL_QUEUE]);
    expect(t.mail.map((m) => m.subject)).toContain(
      VERIFICATION_MESSAGES.approvedSubject('Fern & Field'),
    );
    // Verified: nothing more to send.
    expect((await send(NOTES)).json().error).toBe(VERIFICATION_MESSAGES.alreadyVerified);
  });

  it('is its owner’s only; an unknown request is a 404 for the operator', async () => {
    const other = await signedInShopper(t.app);
    const res = await t.app.inject({
      url: `/api/business/verification/${businessId}/`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/ops/verifications/999999/approve/',
      headers: ops,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(VERIFICATION_MESSAGES.requestNotFound);
  });
});
