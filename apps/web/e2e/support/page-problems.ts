import type { Page } from '@playwright/test';

/**
 * Collects what the browser refused or threw on a page from now on: CSP refusals and uncaught
 * errors. A journey expects the list empty at its end.
 */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}
