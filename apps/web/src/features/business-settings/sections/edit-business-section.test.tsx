import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('dashboard edit business', () => {
  it('fills the form from the overview and sends it as multipart with logonew and banner', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/edit/3/'
        ? jsonResponse(200, { message: 'Business updated.' })
        : undefined,
    );
    renderApp('/dashboard/editbiz?business=3');
    const name = (await screen.findByLabelText('Business name')) as HTMLInputElement;
    expect(name.value).toBe('Fern & Flax');
    expect(field('Public email').value).toBe('hello@fernflax.example');
    expect(screen.getByAltText('Logo: Current image').getAttribute('src')).toBe(
      '/media/businesses/3/logo.webp',
    );
    fill(name, 'Fern & Flax Studio');
    // A website typed without its scheme gets https:// when the field is left (issue 24).
    const website = field('Website (start with https://)');
    fill(website, 'www.fernflax.example');
    fireEvent.blur(website);
    expect(website.value).toBe('https://www.fernflax.example');
    const logo = new File(['logo'], 'new-logo.png', { type: 'image/png' });
    fireEvent.change(field('Logo'), { target: { files: [logo] } });
    expect(await screen.findByAltText('Logo preview')).toBeTruthy();
    save();
    expect(await screen.findByText(BUSINESS_MESSAGES.updated)).toBeTruthy();
    const call = calls.find((c) => c.url === '/api/business/edit/3/');
    expect(call?.method).toBe('POST');
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('Fern & Flax Studio');
    expect(form.get('website')).toBe('https://www.fernflax.example');
    expect((form.get('logonew') as File).name).toBe('new-logo.png');
    expect(form.get('logo')).toBeNull();
    expect(form.get('banner')).toBeNull();
  });

  it('checks name, e-mail and website before sending', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi([businessOverview()]);
    renderApp('/dashboard/editbiz?business=3');
    fill(await screen.findByLabelText('Business name'), '  ');
    fill(field('Public email'), 'fern-at-example');
    fill(field('Website (start with https://)'), 'ftp://fernflax.example');
    save();
    expect(await screen.findByText('Business name is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Website must be a full address starting with https://')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/business/edit/3/')).toBe(false);
  });

  it("says 'Failed to update business.' when refused and 'Something went wrong.' without an answer", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse(400, {
        error: 'Banner must be an image.',
        fields: { banner: 'Banner must be an image.' },
      });
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/edit/3/' ? answer() : undefined,
    );
    renderApp('/dashboard/editbiz?business=3');
    await screen.findByLabelText('Business name');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BUSINESS_MESSAGES.updateFailed);
    expect(alert.textContent).toContain('Banner must be an image.');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    save();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.somethingWentWrong),
    );
  });
});
