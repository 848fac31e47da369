import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { SEARCH_EXAMPLES } from '../src/features/shop/lib/search-examples';
import { expectNoSeriousA11yViolations } from './support/axe';
import { token } from './support/buying';
import { expectImageLoaded } from './support/images';
import { facesLoaded, PHONE, resultsSettled, WIDE } from './support/layout';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * What a person sees of the look and the forms (issue 24, points 13, 17 to 20), in Chromium at
 * 1280 and 390 px: a landscape logo fills its round frame, a long e-mail wraps at '@' or '.',
 * the shop's rotating example fits its box on a phone, the suggestions pass axe, a focused
 * field is not drawn in the error colour, a website gets https:// and a text file named like
 * a picture is refused when chosen.
 */

async function png(width: number, height: number) {
  // Left half green, right half clay: a landscape picture whose middle is known.
  const half = Math.floor(width / 2);
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 110, b: 70 } },
  })
    .composite([
      {
        input: await sharp({
          create: {
            width: width - half,
            height,
            channels: 3,
            background: { r: 190, g: 110, b: 80 },
          },
        })
          .png()
          .toBuffer(),
        left: half,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  return { name: 'logo.png', mimeType: 'image/png', buffer };
}

/** The image's box and its frame's (the nearest ancestor that clips it). */
async function logoFit(page: Page, alt: string) {
  return page.getByRole('img', { name: alt }).evaluate((img: HTMLImageElement) => {
    let frame = img.parentElement!;
    while (getComputedStyle(frame).overflow !== 'hidden' && frame.parentElement) {
      frame = frame.parentElement;
    }
    const a = img.getBoundingClientRect();
    const b = frame.getBoundingClientRect();
    const border = Number.parseFloat(getComputedStyle(frame).borderTopWidth) * 2;
    return {
      img: { w: a.width, h: a.height },
      frame: { w: b.width - border, h: b.height - border },
      fit: getComputedStyle(img).objectFit,
    };
  });
}

/** Where the lines of an element's text break: the text each new line starts with. */
async function lineStarts(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const text = el.textContent ?? '';
    const range = document.createRange();
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 2) starts.push(text.slice(offset + i));
        lastTop = top;
      }
      offset += (node.textContent ?? '').length;
    }
    return starts;
  });
}

test('a landscape logo fills its round frame; a long e-mail wraps at @ or .', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = newUser('look');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  const suffix = randomBytes(3).toString('hex');
  const name = `Wide Logo Studio ${suffix}`;
  const email = `hello.from.the.studio.${suffix}@long-subdomain.widelogo-goods.example`;
  const registered = await request.post('/api/registerbiz/', {
    headers: { authorization: `Bearer ${await token(page)}` },
    multipart: {
      name,
      description: 'Linen goods.',
      email,
      // Typed without a scheme: stored with https:// (point 13).
      website: 'widelogo.example',
      shipping_strategy: 'Paper mailers.',
      price_range: '$10 – $40',
      production: 'Sewn by hand.',
      logo: await png(600, 200),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const businessId: number = (await registered.json()).id;
  const stored = await (await request.get(`/api/business/${businessId}/`)).json();
  expect(stored.website).toBe('https://widelogo.example');

  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/businessproducts/${businessId}`);
    const logo = page.getByRole('img', { name: `${name} logo` });
    await expectImageLoaded(logo);
    const { img, frame, fit } = await logoFit(page, `${name} logo`);
    expect(fit).toBe('cover');
    expect(Math.abs(img.w - frame.w)).toBeLessThanOrEqual(1);
    expect(Math.abs(img.h - frame.h)).toBeLessThanOrEqual(1);

    if (viewport === PHONE) {
      // The contact address breaks only before '@' or a '.'.
      const starts = await lineStarts(page, `a[href="mailto:${email}"]`);
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) expect(start[0], `a line starts with “${start}”`).toMatch(/[@.]/);
    }
  }

  // The dashboard's overview strip shows it square too.
  await page.setViewportSize(WIDE);
  await page.goto(`/dashboard/orders?business=${businessId}`);
  const strip = page.getByRole('img', { name: `${name} logo` });
  await expectImageLoaded(strip);
  const inStrip = await logoFit(page, `${name} logo`);
  expect(Math.abs(inStrip.img.h - inStrip.frame.h)).toBeLessThanOrEqual(1);
});

test('on a phone the shop’s rotating example fits its box; the open suggestions pass axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await page.goto('/shop');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toHaveAttribute('placeholder', /^Try “/);
  await facesLoaded(page);
  const overflow = await box.evaluate((input: HTMLInputElement, examples: readonly string[]) => {
    const style = getComputedStyle(input, '::placeholder');
    const own = getComputedStyle(input);
    const room =
      input.clientWidth - Number.parseFloat(own.paddingLeft) - Number.parseFloat(own.paddingRight);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return examples
      .map((example) => ({ example, width: context.measureText(`Try “${example}”`).width, room }))
      .filter((m) => m.width > m.room);
  }, SEARCH_EXAMPLES);
  expect(overflow, 'examples wider than the search box').toEqual([]);

  for (const viewport of [PHONE, WIDE]) {
    await page.setViewportSize(viewport);
    await box.fill('');
    await box.pressSequentially('porto', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(
      list.getByRole('option', { name: 'Porto Linen Button-Up, Product' }),
    ).toBeVisible();
    // The search follows the typing: its results in, no longer dimmed, then axe.
    await expect(page).toHaveURL(/search=porto/);
    await resultsSettled(page);
    await expect(list).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('forms: a focused field is not drawn as invalid; https:// is added; a fake picture is refused when chosen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  const user = newUser('forms');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await page.goto('/registerbusiness');
  const form = page.getByRole('form', { name: 'Business registration' });
  // Sent empty: the fields show the error colour.
  await form.getByRole('button', { name: 'Register business' }).click();
  const error = form.getByText('Business name is required.');
  await expect(error).toBeVisible();
  const errorColour = await error.evaluate((el) => getComputedStyle(el).color);
  // A field reached with the keyboard: its ring is not the error colour (nor near it).
  await form.getByLabel('Description').focus();
  await page.keyboard.press('Shift+Tab');
  const name = form.getByLabel('Business name');
  await expect(name).toBeFocused();
  const ring = await name.evaluate((el) => getComputedStyle(el).outlineColor);
  const rgb = (c: string) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const [r1, g1, b1] = rgb(ring);
  const [r2, g2, b2] = rgb(errorColour);
  expect(
    Math.hypot(r1! - r2!, g1! - g2!, b1! - b2!),
    `ring ${ring} vs error ${errorColour}`,
  ).toBeGreaterThan(120);

  // The website gets https:// when the field is left.
  const website = form.getByLabel('Website (start with https://)');
  await website.fill('fern.example/shop');
  await website.blur();
  await expect(website).toHaveValue('https://fern.example/shop');

  // A text file named logo.png: refused at once, one message under Logo, no preview.
  await form.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some notes, not a picture\n'),
  });
  const message = 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  await expect(form.getByText(message)).toHaveCount(1);
  await expect(form.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  await expect(form.getByLabel('Logo')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
});
