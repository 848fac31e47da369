import { SHOP_FACET_TEXTS } from '@leafline/contract/shop-facets-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/auth-tokens';
import type { RecordedCall } from '@/test/fetch-mock';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';
import { mockShopApi, queriesOf } from '@/test/shop-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

const searches = (calls: RecordedCall[]) => queriesOf(calls, '/api/search/');
const facetCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => new URL(c.url, 'http://localhost').pathname === '/api/search/facets/');
const searchCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => new URL(c.url, 'http://localhost').pathname === '/api/search/');
const brandGroup = () => screen.findByRole('group', { name: SHOP_FACET_TEXTS.brand });

describe('shop: the brand facet and "Ships free to me" (issue 30)', { timeout: 30_000 }, () => {
  it('lists the brands with their counts, folded, and finds one by name', async () => {
    mockShopApi();
    renderApp('/shop');
    const group = await brandGroup();
    // Ten brands: the first six shown, most products first, each with its count.
    expect(within(group).getAllByRole('checkbox')).toHaveLength(6);
    expect(within(group).getByRole('checkbox', { name: 'Porto Studio, 10 products' })).toBeTruthy();
    const more = within(group).getByRole('button', { name: SHOP_FACET_TEXTS.showAllBrands(10) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(group).getAllByRole('checkbox')).toHaveLength(10);
    expect(
      within(group)
        .getByRole('button', { name: SHOP_FACET_TEXTS.showFewerBrands })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    fill(within(group).getByLabelText(SHOP_FACET_TEXTS.findBrand), 'moss');
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Moss & Stone, 2 products']);
    fill(within(group).getByLabelText(SHOP_FACET_TEXTS.findBrand), 'zzz');
    expect(within(group).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(group).getByText(SHOP_FACET_TEXTS.noBrandFound)).toBeTruthy();
  });

  it('sends the chosen brands in the address and the calls, from page 1', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop?page=2');
    const group = await brandGroup();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^Kelp Studio/ }));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({ brands: '3', page: '1', page_size: '20' }),
    );
    expect(router.state.location.search).toBe('?brands=3');
    fireEvent.click(within(group).getByRole('checkbox', { name: /^Porto Studio/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?brands=1%2C3'));
    expect(searches(calls).at(-1)).toMatchObject({ brands: '1,3' });
    await waitFor(() =>
      expect(queriesOf(calls, '/api/search/facets/').at(-1)).toEqual({ brands: '1,3' }),
    );
    expect(
      (within(group).getByRole('checkbox', { name: /^Porto Studio/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('button', { name: /^Filters ?\(1 active\)$/ })).toBeTruthy();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^Kelp Studio/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?brands=1'));
  });

  it('reads the brands and ships free from a shared address, in their one written form', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop?brands=3,1,3&ships_free=1');
    await waitFor(() => expect(router.state.location.search).toBe('?brands=1%2C3&ships_free=true'));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({
        brands: '1,3',
        ships_free: 'true',
        page: '1',
        page_size: '20',
      }),
    );
    const toggle = await screen.findByRole('checkbox', { name: /^Ships free to me/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('"Ships free to me" counts and filters; the token goes along only for a signed-in shopper', async () => {
    const { calls } = mockShopApi();
    const { router } = renderApp('/shop');
    const toggle = await screen.findByRole('checkbox', { name: 'Ships free to me, 9 products' });
    // Signed out: nothing about the shopper is sent.
    expect(facetCalls(calls).every((c) => !c.headers.authorization)).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(router.state.location.search).toBe('?ships_free=true'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ ships_free: 'true' }));
    expect(searchCalls(calls).at(-1)?.headers.authorization).toBeUndefined();
  });

  it('asks for the signed-in shopper’s country with the token, only where it matters', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockShopApi((_call, url) =>
      url.pathname === '/api/cart/' ? jsonResponse(404, { detail: 'none' }) : undefined,
    );
    renderApp('/shop');
    await screen.findByRole('checkbox', { name: /^Ships free to me/ });
    await waitFor(() => expect(facetCalls(calls).at(-1)?.headers.authorization).toBe('Bearer acc'));
    // A plain search is the same for everyone: no token.
    expect(searchCalls(calls).at(-1)?.headers.authorization).toBeUndefined();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Ships free to me/ }));
    await waitFor(() =>
      expect(searchCalls(calls).at(-1)?.headers.authorization).toBe('Bearer acc'),
    );
  });
});
