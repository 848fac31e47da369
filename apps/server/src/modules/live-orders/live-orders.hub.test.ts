import type { OrderEvent } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { orderItems, orders } from '../../db/schema/index';
import { recordOrderEvents } from '../orders';
import {
  createLiveOrdersHub,
  LiveStream,
  MAX_UNSENT_BYTES,
  type StreamSink,
} from './live-orders.hub';

/**
 * The hub on its own, with a LISTEN the test controls (to lose it and bring it back) and
 * streams that write into arrays, on the real database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

function sink(options: { unread?: number } = {}) {
  const frames: string[] = [];
  let ended = false;
  const s: StreamSink & { frames: string[]; readonly ended: boolean; events(): OrderEvent[] } = {
    frames,
    write: (chunk) => void frames.push(chunk),
    get writableLength() {
      return options.unread ?? 0;
    },
    end: () => {
      ended = true;
    },
    get ended() {
      return ended;
    },
    events: () =>
      frames
        .filter((f) => f.startsWith('id:'))
        .map((f) => JSON.parse(/^data: (.*)$/m.exec(f)![1]!) as OrderEvent),
  };
  return s;
}

function fakeListen() {
  const handle: {
    notify?: (payload: string) => void;
    state?: (up: boolean) => void;
    stopped: boolean;
  } = { stopped: false };
  const listen = async (
    _channel: string,
    onNotify: (payload: string) => void,
    onState: (up: boolean) => void,
  ) => {
    handle.notify = onNotify;
    handle.state = onState;
    onState(true);
    return async () => {
      handle.stopped = true;
    };
  };
  return { handle, listen };
}

async function orderOf(businessId: number) {
  const [order] = await t.db
    .insert(orders)
    .values({
      businessId,
      userFullName: 'Rowan Ash',
      userEmail: 'rowan@example.com',
      status: 'Paid',
      subtotalCents: 1000,
      totalCents: 1000,
    })
    .returning();
  await t.db.insert(orderItems).values({
    orderId: order!.id,
    productName: 'Wool Socks',
    productPriceCents: 1000,
    quantity: 1,
    totalPriceCents: 1000,
  });
  return order!.id;
}

const record = (business: number, order: number, type: 'paid' | 'status') =>
  t.db.transaction((tx) =>
    recordOrderEvents(tx, [
      { order, business, type, status: type === 'paid' ? 'Paid' : 'Shipped' },
    ]),
  );

describe('live orders hub', () => {
  it('when the LISTEN is lost and back, every stream is sent what it missed, once', async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    const { handle, listen } = fakeListen();
    const hub = createLiveOrdersHub({ db: t.db, listen, log: { error: () => {} } });
    await hub.ready();
    const fresh = sink();
    const stream = new LiveStream(business.id, fresh, 0);
    await hub.open(stream, { resume: false });

    const first = await orderOf(business.id);
    await record(business.id, first, 'paid');
    // The NOTIFY did not reach this hub (its LISTEN is the test's): nothing yet.
    expect(fresh.events()).toEqual([]);
    handle.state!(false);
    const second = await orderOf(business.id);
    await record(business.id, second, 'paid');
    handle.state!(true);
    await expect.poll(() => fresh.events().length).toBe(2);
    expect(fresh.events().map((e) => [e.type, e.order.id])).toEqual([
      ['order.paid', first],
      ['order.paid', second],
    ]);
    // A notice of an event already sent (it arrives late) is not sent again.
    const [, sent] = fresh.events();
    handle.notify!(
      JSON.stringify({ id: sent!.id, business: business.id, order: second, type: 'paid' }),
    );
    await record(business.id, first, 'status');
    const events = await (async () => {
      handle.state!(false);
      handle.state!(true);
      await expect.poll(() => fresh.events().length).toBe(3);
      return fresh.events();
    })();
    expect(events.at(-1)?.type).toBe('order.updated');
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    await hub.stop();
    expect(handle.stopped).toBe(true);
  });

  it('a notice is read once and written only to that business’s streams', async () => {
    const [a, b] = [await addBusiness(t.db), await addBusiness(t.db)];
    const { handle, listen } = fakeListen();
    const hub = createLiveOrdersHub({ db: t.db, listen, log: { error: () => {} } });
    await hub.ready();
    const [a1, a2, b1] = [sink(), sink(), sink()];
    await hub.open(new LiveStream(a.id, a1, 0), { resume: false });
    await hub.open(new LiveStream(a.id, a2, 0), { resume: false });
    await hub.open(new LiveStream(b.id, b1, 0), { resume: false });
    const order = await orderOf(a.id);
    handle.notify!(JSON.stringify({ id: 987_654, business: a.id, order, type: 'paid' }));
    handle.notify!('not json');
    await expect.poll(() => a1.events().length).toBe(1);
    await expect.poll(() => a2.events().length).toBe(1);
    expect(a1.frames.at(-1)).toBe(a2.frames.at(-1));
    expect(a1.events()[0]).toMatchObject({ id: 987_654, type: 'order.paid', business: a.id });
    expect(b1.frames).toEqual([]);
    await hub.stop();
  });

  it('a client that does not read is dropped, and the app’s close ends every stream', async () => {
    const business = await addBusiness(t.db);
    const { handle, listen } = fakeListen();
    const hub = createLiveOrdersHub({ db: t.db, listen, log: { error: () => {} } });
    await hub.ready();
    const slow = sink({ unread: MAX_UNSENT_BYTES + 1 });
    const reading = sink();
    const slowStream = new LiveStream(business.id, slow, 0);
    await hub.open(slowStream, { resume: false });
    await hub.open(new LiveStream(business.id, reading, 0), { resume: false });
    const order = await orderOf(business.id);
    handle.notify!(JSON.stringify({ id: 555_001, business: business.id, order, type: 'paid' }));
    await expect.poll(() => reading.events().length).toBe(1);
    expect(slow.ended).toBe(true);
    expect(reading.ended).toBe(false);
    hub.closeStreams();
    expect(reading.ended).toBe(true);
    expect(hub.size).toBe(0);
    await hub.stop();
  });
});
