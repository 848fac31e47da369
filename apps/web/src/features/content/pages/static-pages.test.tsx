import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('Sustainability page', () => {
  it('lists the five criteria, in order, with the 80% materials rule', async () => {
    renderApp('/sustainability');
    const criteria = await screen.findByRole('heading', { level: 2, name: 'The five criteria' });
    const list = within(criteria.closest('section')!).getByRole('list');
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      '1. Production materials',
      '2. Labour',
      '3. Shipping and packaging',
      '4. No animal cruelty',
      '5. Transparency and overall impact',
    ]);
    expect(
      within(list).getByText("At least 80% sustainable materials, or it isn't listed."),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The 80% materials rule' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How we vet a brand' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Our sustainability standards · Leafline'));
  });
});

describe('Our story page', () => {
  it('introduces the three student founders', async () => {
    renderApp('/our-story');
    const heading = await screen.findByRole('heading', { level: 2, name: 'The three of us' });
    const founders = within(heading.closest('section')!)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(founders).toEqual(['Maya', 'Jonah', 'Priya']);
    expect(screen.getByText(/started by three university students/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Our story · Leafline'));
  });
});

describe('For businesses page', () => {
  it('states the 3% commission and links Become a Partner to the business registration', async () => {
    renderApp('/for-businesses');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1, name: 'For businesses' });
    const become = main.getByRole('link', { name: 'Become a Partner' });
    expect(become.getAttribute('href')).toBe('/account/registerbusiness');
    expect(main.getByRole('link', { name: 'Register your business' }).getAttribute('href')).toBe(
      '/account/registerbusiness',
    );
    expect(main.getByRole('heading', { name: "A 3% commission, and that's it" })).toBeTruthy();
    // The worked example follows from the rate: $1.50 of a $50.00 sale.
    expect(
      main.getByText(/On a \$50\.00 sale we keep \$1\.50 and you get \$48\.50\./),
    ).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Paid at the time of purchase' })).toBeTruthy();
    expect(main.getByText(/Stripe Connect/)).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Shopify sync' })).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Your shipping, your rates' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('For businesses · Leafline'));
  });
});
