import { US_STATES } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { ADDRESS } from '../../../test/helpers/buying';

/** The address's State is one of the US states, DC or the territories with USPS codes (A13). */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await signedInShopper(t.app));
});
afterAll(async () => {
  await t.close();
});

const url = '/api/set-shipping-address/';
const save = (payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

const NOT_A_STATE = 'Please choose a US state or territory.';

describe('the State of a shipping address', () => {
  it('offers the 50 states, DC and the five territories, each once', () => {
    const codes = US_STATES.map((s) => s.code);
    expect(codes).toHaveLength(56);
    expect(new Set(codes).size).toBe(56);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'WY']));
  });

  it.each(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AK', 'HI'])('saves %s', async (state) => {
    const res = await save({ ...ADDRESS, state });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe(state);
  });

  it('stores the code in capitals', async () => {
    const res = await save({ ...ADDRESS, state: ' ny ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('NY');
  });

  it.each(['Oregon', 'ZZ', 'ON', 'XX', 'O'])('refuses %j with a readable detail', async (state) => {
    const res = await save({ ...ADDRESS, state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: NOT_A_STATE,
      detail: NOT_A_STATE,
      fields: { state: NOT_A_STATE },
    });
  });
});
