import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, settled } from './support/axe';
import { facesLoaded, PHONE, WIDE } from './support/layout';
import { loginViaUi } from './support/users';

/**
 * The dashboard as a seller first sees it (issue 24, points 10 and 11), at 1280 × 800 and on a
 * 390 px phone: the working section (Orders) starts on the first screen, the sales figures
 * are a section of their own, the phone's section tabs show that more follow, and the help
 * button covers no control wherever the page is scrolled.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The boxes (in the viewport) of every visible control but the help button, and the help
 * button's: links, buttons, form fields.
 */
async function controlBoxes(
  page: Page,
): Promise<{ help: Box; controls: Array<Box & { what: string }> }> {
  return page.evaluate(() => {
    const help = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Dashboard help',
    );
    if (!help) throw new Error('no help button');
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const controls = [
      ...document.querySelectorAll(
        'a[href], button, input, select, textarea, summary, [role="button"]',
      ),
    ]
      .filter((el) => el !== help && !help.contains(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
      })
      .map((el) => ({
        ...rect(el),
        what: `${el.tagName.toLowerCase()} “${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}”`,
      }));
    return { help: rect(help), controls };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** At the top, half-way and at the bottom of the page: the help button overlaps no control. */
async function expectHelpCoversNothing(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (const y of [0, height / 2, height]) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    const { help, controls } = await controlBoxes(page);
    const covered = controls.filter((c) => overlaps(help, c)).map((c) => c.what);
    expect(covered, `controls under the help button, scrolled to ${Math.round(y)}`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function openSection(page: Page, label: string, path: string) {
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${path}\\?business=\\d+$`));
  await expect(page.locator('#dashboard-section-heading')).toHaveText(label);
}

for (const [name, viewport] of [
  ['1280 × 800', WIDE],
  ['390 px phone', PHONE],
] as const) {
  test(`at ${name} the dashboard opens on its working section; the help button covers nothing`, async ({
    page,
  }) => {
    // Two axe runs on the dashboard's busiest states: slow on a shared 2-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await loginViaUi(page, SELLER.username, SELLER.password);
    await page.goto('/dashboard');
    // Orders stays the default, at its own address.
    await expect(page).toHaveURL(/\/dashboard\/orders\?business=\d+$/);
    const heading = page.locator('#dashboard-section-heading');
    await expect(heading).toHaveText('Orders');
    await expect(page.getByTestId('seller-order').first()).toBeVisible();
    await settled(page);
    await facesLoaded(page);

    // The section's heading and the start of its content are on the first screen.
    const headingBox = (await heading.boundingBox())!;
    const content = page.locator('section[aria-labelledby="dashboard-section-heading"] > div');
    const contentBox = (await content.boundingBox())!;
    expect(headingBox.y + headingBox.height).toBeLessThan(viewport.height * 0.75);
    expect(contentBox.y).toBeLessThan(viewport.height - 120);
    test.info().annotations.push({
      type: `section heading's top at ${name} (px)`,
      description: String(Math.round(headingBox.y)),
    });
    // The sales figures are not above it: they are the Overview section's.
    await expect(page.getByRole('region', { name: 'Sales' })).toHaveCount(0);

    if (viewport === PHONE) {
      // The section tabs scroll sideways, and say that more follow.
      const after = page.getByTestId('sections-after');
      await expect(after).toBeVisible();
      await expect(page.getByTestId('sections-before')).toHaveCount(0);
      await page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .locator('ul')
        .evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }));
      await expect(after).toHaveCount(0);
      await expect(page.getByTestId('sections-before')).toBeVisible();
    }
    await expectHelpCoversNothing(page);
    await expectNoSeriousA11yViolations(page);

    // The Overview section: the sales block with its Daily/Weekly toggle, nothing over it.
    await openSection(page, 'Overview', 'overview');
    const sales = page.getByRole('region', { name: 'Sales' });
    await expect(sales.getByRole('table', { name: 'Orders by status' })).toBeVisible();
    await sales.getByRole('button', { name: 'Weekly' }).click();
    await expect(sales.getByRole('button', { name: 'Weekly' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = sales.getByText('Show the figures as a table');
    if ((await table.count()) > 0) await table.click();
    await settled(page);
    // The section fits the screen's width, its figures' table open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectHelpCoversNothing(page);
    await expectNoSeriousA11yViolations(page);

    // The help still opens its modal.
    await page.getByRole('button', { name: 'Dashboard help' }).click();
    await expect(page.getByRole('dialog', { name: 'Dashboard Help' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Dashboard Help' })).toBeHidden();
  });
}
