// Opening catalog pages in Chromium for the list tests: the consent banner answered, a desktop viewport.
import type { Page } from 'playwright-core';
import { type BrowserTestBed, openPage, waitForShell, withConsentAnswered } from './browser';

export interface OpenedCatalogPage {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openCatalogPage(bed: BrowserTestBed, path: string, { javaScript = true, width = 1280 } = {}): Promise<OpenedCatalogPage> {
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, errors, close: () => context.close() };
}

/** The decoded filter object of the page's address (null without one). */
export function filterOf(page: Page): unknown {
  const raw = new URL(page.url()).searchParams.get('filter');
  return raw ? JSON.parse(raw) : null;
}

/** Resolves with the addresses of the requests whose path contains `fragment`, counted from now. */
export function countRequests(page: Page, fragment: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(fragment)) seen.push(request.url());
  });
  return seen;
}
