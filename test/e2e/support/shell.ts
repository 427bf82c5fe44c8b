// Helpers for browser tests of the page shell: ajax navigation, scroll position, markers on window.
import type { Page } from 'playwright-core';

type Flags = Window & { pageLoaded?: Promise<string>; marker?: string; requests?: number };

/** Clicks a link by script (no scrolling, nothing in the way) and waits for the shell's page-loaded. */
export async function clickAndWaitForPage(page: Page, selector: string): Promise<string> {
  await page.evaluate((linkSelector) => {
    const flags = window as Flags;
    flags.pageLoaded = new Promise((resolve) =>
      document.addEventListener('page-loaded', (event) => resolve((event as CustomEvent<{ url: string }>).detail.url), { once: true }),
    );
    document.querySelector<HTMLElement>(linkSelector)!.click();
  }, selector);
  return page.evaluate(() => (window as Flags).pageLoaded!);
}

/** Clicks a link by script without waiting for anything (for requests that fail or are cancelled). */
export async function clickLink(page: Page, selector: string): Promise<void> {
  await page.evaluate((linkSelector) => document.querySelector<HTMLElement>(linkSelector)!.click(), selector);
}

/** Runs a browser history step (back or forward) and waits for the region to be reloaded. */
export async function historyStepAndWait(page: Page, step: 'back' | 'forward'): Promise<void> {
  await page.evaluate((direction) => {
    const flags = window as Flags;
    flags.pageLoaded = new Promise((resolve) => document.addEventListener('page-loaded', () => resolve(''), { once: true }));
    if (direction === 'back') history.back();
    else history.forward();
  }, step);
  await page.evaluate(() => (window as Flags).pageLoaded!);
}

export function setMarker(page: Page, value: string): Promise<void> {
  return page.evaluate((marker) => void ((window as Flags).marker = marker), value);
}

export function readMarker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as Flags).marker);
}

export function scrollPosition(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

export async function scrollTo(page: Page, top: number): Promise<number> {
  await page.evaluate((y) => window.scrollTo(0, y), top);
  // The shell saves the position in the history entry after a short debounce: waited for.
  await page.waitForFunction(() => Math.round((history.state as { scrollTop?: number } | null)?.scrollTop ?? -1) === Math.round(window.scrollY));
  return scrollPosition(page);
}

export function bodyClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.body.classList));
}

export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as Window & { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/** The path of the page's current address. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** A link of the main navigation's dropdowns, by the slug of the French page it opens. */
export const menuLink = (slug: string): string => `#main-navigation a.dropdown-item[href$="/fr/${slug}"]`;
