import type { SellerOrder } from '@leafline/contract/seller-orders';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerOrder } from '@/test/seller-fixtures';
import { putNewOrder } from './use-live-orders';

type Page = PagedList<SellerOrder>;
const key = (page: number) => [...SELLER_KEYS.orders(3), page];
const ids = (page: Page | undefined) => page?.items.map((o) => o.id);

describe('putNewOrder', () => {
  it('an order already listed on a later page is not counted twice', () => {
    const client = new QueryClient();
    client.setQueryData<Page>(key(1), { items: [sellerOrder({ id: 50 })], total: 21 });
    client.setQueryData<Page>(key(2), {
      items: [sellerOrder({ id: 12, status: 'Pending' })],
      total: 21,
    });
    putNewOrder(client, 3, sellerOrder({ id: 12, status: 'Paid' }));
    expect(client.getQueryData<Page>(key(1))).toMatchObject({ total: 21 });
    expect(ids(client.getQueryData<Page>(key(1)))).toEqual([12, 50]);

    putNewOrder(client, 3, sellerOrder({ id: 60 }));
    expect(client.getQueryData<Page>(key(1))).toMatchObject({ total: 22 });
  });

  it('a list narrowed by status or search is read again, not written to (issue 29)', () => {
    const client = new QueryClient();
    const toShip = [...key(1), { status: 'Paid', q: '', sort: 'newest' }];
    const oldest = [...key(1), { status: '', q: '', sort: 'oldest' }];
    client.setQueryData<Page>(key(1), { items: [sellerOrder({ id: 50 })], total: 1 });
    client.setQueryData<Page>(toShip, { items: [], total: 0 });
    client.setQueryData<Page>(oldest, { items: [sellerOrder({ id: 50 })], total: 1 });
    putNewOrder(client, 3, sellerOrder({ id: 60, status: 'Paid' }));
    // The whole list, newest first, shows it at once; where it goes in the others is the
    // server's to say.
    expect(ids(client.getQueryData<Page>(key(1)))).toEqual([60, 50]);
    expect(client.getQueryData<Page>(toShip)).toEqual({ items: [], total: 0 });
    expect(client.getQueryState(toShip)?.isInvalidated).toBe(true);
    expect(client.getQueryState(oldest)?.isInvalidated).toBe(true);
    expect(client.getQueryState(key(1))?.isInvalidated).toBe(false);
  });

  it('a first page answer from before the order does not remove it', async () => {
    const client = new QueryClient();
    client.setQueryData<Page>(key(1), { items: [sellerOrder({ id: 50 })], total: 1 });
    let answers = 0;
    let answerOld!: () => void;
    const queryFn = () => {
      answers += 1;
      if (answers === 1) {
        // The database as it was before the order was paid.
        return new Promise<Page>((resolve) => {
          answerOld = () => resolve({ items: [sellerOrder({ id: 50 })], total: 1 });
        });
      }
      return Promise.resolve<Page>({
        items: [sellerOrder({ id: 60 }), sellerOrder({ id: 50 })],
        total: 2,
      });
    };
    // The orders list shows page 1 and is reading it again when the order comes.
    const observer = new QueryObserver(client, { queryKey: key(1), queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    void observer.refetch();
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toBe(1);
    putNewOrder(client, 3, sellerOrder({ id: 60 }));
    answerOld();
    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    expect(ids(client.getQueryData<Page>(key(1)))).toEqual([60, 50]);
  });
});
