import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { leaveApp } from '@/lib/leave-app';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

type Answer = (call: RecordedCall) => Response | Promise<Response>;

/** The server: registerbiz answers with `register`; everything else is not found. */
function server(register: Answer) {
  return mockFetch((call) => {
    if (call.url === '/api/registerbiz/' && call.method === 'POST') return register(call);
    if (call.url === '/api/user-has-business/') return jsonResponse(200, { has_business: false });
    return jsonResponse(404, { error: 'Not found.' });
  });
}

const registered = (url: string | null) =>
  jsonResponse(201, { id: 7, message: 'Business registered.', stripe_onboarding_url: url });

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register business' }));

async function fillEcoForm() {
  fill(await screen.findByLabelText('Business name'), '  Fern & Flax ');
  fill(input('Description'), 'Linen goods from flax grown in Oregon.');
  fill(input('Public email'), 'hello@fernflax.example');
  fill(input('Website (start with https://)'), 'https://fernflax.example');
  fill(input('Shipping strategy'), 'Plastic-free, carbon-neutral post.');
  fill(input('Price range'), '$20 – $90');
  fill(input('Production'), 'Sewn in Portland from organic linen.');
}

function sentForm(call: RecordedCall | undefined): FormData {
  expect(call?.body).toBeInstanceOf(FormData);
  return call?.body as FormData;
}

describe('Register Your Business', () => {
  it('without a token asks to log in and calls nothing', async () => {
    const { calls } = server(() => registered(null));
    renderApp('/registerbusiness');
    expect(await screen.findByText('Please log in to register your business.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Business name')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('checks the form first: required fields, e-mail and website, with readable texts', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(() => registered(null));
    renderApp('/registerbusiness');
    await screen.findByLabelText('Business name');
    submit();
    expect(await screen.findByText('Business name is required.')).toBeTruthy();
    expect(screen.getByText('Description is required.')).toBeTruthy();
    expect(screen.getByText('Public email is required.')).toBeTruthy();
    expect(screen.getByText('Shipping strategy is required.')).toBeTruthy();
    expect(screen.getByText('Price range is required.')).toBeTruthy();
    expect(screen.getByText('Production is required.')).toBeTruthy();
    // The focus moves to the first refused field once the errors are shown.
    await waitFor(() => expect(document.activeElement).toBe(input('Business name')));

    await fillEcoForm();
    fill(input('Public email'), 'not-an-email');
    fill(input('Website (start with https://)'), 'ftp://fernflax.example');
    submit();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Website must be a full address starting with https://')).toBeTruthy();
    expect(screen.queryByText('Business name is required.')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/registerbiz/')).toHaveLength(0);
  });

  it('sends the fields and both images as multipart with the bearer token, then goes to Stripe', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let answer: (response: Response) => void = () => {};
    const { calls } = server(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/registerbusiness');
    await fillEcoForm();
    const logo = new File(['logo-bytes'], 'logo.png', { type: 'image/png' });
    const banner = new File(['banner-bytes'], 'banner.jpg', { type: 'image/jpeg' });
    fireEvent.change(input('Logo'), { target: { files: [logo] } });
    fireEvent.change(input('Banner'), { target: { files: [banner] } });
    expect(await screen.findByAltText('Logo preview')).toBeTruthy();
    expect(await screen.findByAltText('Banner preview')).toBeTruthy();
    submit();

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    const call = calls.find((c) => c.url === '/api/registerbiz/');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe('Bearer acc');
    // The browser sets the multipart boundary: no JSON content type.
    expect(call?.headers['content-type']).toBeUndefined();
    const form = sentForm(call);
    expect(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({
      name: 'Fern & Flax',
      description: 'Linen goods from flax grown in Oregon.',
      email: 'hello@fernflax.example',
      website: 'https://fernflax.example',
      business_type: 'eco_friendly_company',
      shipping_strategy: 'Plastic-free, carbon-neutral post.',
      price_range: '$20 – $90',
      production: 'Sewn in Portland from organic linen.',
    });
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect((form.get('banner') as File).name).toBe('banner.jpg');
    expect(leaveApp).not.toHaveBeenCalled();

    answer(registered('https://connect.stripe.test/onboard/acct_1'));
    expect(await screen.findByText(BUSINESS_MESSAGES.registered)).toBeTruthy();
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('https://connect.stripe.test/onboard/acct_1'),
    );
  });

  it('an Individual Seller has no description or website, and sends the fixed description', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(() => registered(null));
    const { router } = renderApp('/account/registerbusiness');
    const type = (await screen.findByLabelText('Business type')) as HTMLSelectElement;
    expect(type.value).toBe('eco_friendly_company');
    expect(input('Description')).toBeTruthy();
    fireEvent.change(type, { target: { value: 'individual_seller' } });
    expect(screen.queryByLabelText('Description')).toBeNull();
    expect(screen.queryByLabelText('Website (start with https://)')).toBeNull();

    fill(input('Business name'), 'Robin Makes');
    fill(input('Public email'), 'robin@example.com');
    fill(input('Shipping strategy'), 'Reused boxes.');
    fill(input('Price range'), '$5 – $15');
    fill(input('Production'), 'Hand-knitted at home.');
    submit();

    // No onboarding link: straight to the dashboard of the new business.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/business/orders'));
    expect(router.state.location.search).toBe('?business=7');
    const form = sentForm(calls.find((c) => c.url === '/api/registerbiz/'));
    expect(form.get('business_type')).toBe('individual_seller');
    expect(form.get('description')).toBe(BUSINESS_MESSAGES.individualSellerDescription);
    expect(form.get('website')).toBe('');
    expect(form.get('logo')).toBeNull();
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it("shows the server's error, else 'Failed to register business.'", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let failure: () => Response | Promise<Response> = () =>
      jsonResponse(400, { error: 'A business with this name already exists.' });
    server(() => failure());
    renderApp('/registerbusiness');
    await fillEcoForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A business with this name already exists.',
    );

    failure = () => Promise.reject(new TypeError('Failed to fetch'));
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.registerFailed),
    );
    expect(screen.getByRole('button', { name: 'Register business' })).toBeTruthy();
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('puts https:// in front of a website typed without one, as the field is left and when sent (issue 24)', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(() => registered(null));
    renderApp('/registerbusiness');
    await fillEcoForm();
    const website = input('Website (start with https://)');
    fill(website, 'fernflax.example/shop');
    fireEvent.blur(website);
    expect(website.value).toBe('https://fernflax.example/shop');
    // Typed again and sent without leaving the field: the sent value has it too.
    fill(website, 'www.fernflax.example');
    submit();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/registerbiz/')).toBe(true));
    const form = sentForm(calls.find((c) => c.url === '/api/registerbiz/'));
    expect(form.get('website')).toBe('https://www.fernflax.example');
    expect(screen.queryByText('Website must be a full address starting with https://')).toBeNull();
  });

  it('refuses, when chosen, a file named like a picture that the browser cannot decode: one message, no preview (issue 24)', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(() => registered(null));
    // The browser's decoder: only real pictures decode.
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (file: File) => {
        const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
        if (head[0] !== 0x89 || head[1] !== 0x50)
          throw new DOMException('bad', 'InvalidStateError');
        return { close() {} };
      }),
    );
    renderApp('/registerbusiness');
    const logo = await screen.findByLabelText('Logo');
    fireEvent.change(logo, {
      target: { files: [new File(['just some notes'], 'logo.png', { type: 'image/png' })] },
    });
    expect(
      await screen.findAllByText('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).'),
    ).toHaveLength(1);
    expect(screen.queryByAltText('Logo preview')).toBeNull();
    expect(screen.queryByRole('img', { name: /Logo/ })).toBeNull();
    expect(logo.getAttribute('aria-invalid')).toBe('true');

    // A real PNG is taken: its preview shows and the message goes.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    fireEvent.change(logo, {
      target: { files: [new File([png], 'logo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByAltText('Logo preview')).toBeTruthy();
    expect(
      screen.queryByText('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).'),
    ).toBeNull();
  });

  it('refuses a file that is not an image', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(() => registered(null));
    renderApp('/registerbusiness');
    const logo = await screen.findByLabelText('Logo');
    expect(logo.getAttribute('accept')).toBe('image/*');
    fireEvent.change(logo, {
      target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await screen.findByText('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).'),
    ).toBeTruthy();
    expect(screen.queryByAltText('Logo preview')).toBeNull();
  });
});
