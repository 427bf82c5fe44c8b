// Real Chromium for browser tests and the budget check: one launcher, and pages with JS on or off.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer } from '../../support/app';

export const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromePath(): string {
  const executable = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(executable)) {
    throw new Error(
      `No Chromium at ${executable}. Install it with "apt-get install -y chromium", ` +
        'or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
  return executable;
}

export function launchBrowser(): Promise<Browser> {
  // headless: false stops Playwright adding its own --headless; CHROME_ARGS asks for the new headless mode.
  return chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS, headless: false });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors seen so far, for tests that expect none. */
  errors: string[];
}

export interface OpenOptions {
  javaScript?: boolean;
  /**
   * false: the page as first painted, before any intent (no key press given, no wait for htmx and the
   * navigation; they may still arrive by the idle trigger unless saveData). Default: waitForShell.
   */
  intent?: boolean;
  /** Save-Data on (navigator.connection.saveData): the shell's idle trigger stays off. */
  saveData?: boolean;
}

/** Save-Data for a page, as a visitor's browser setting would give it (before its first navigation). */
export async function emulateSaveData(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

export async function openPage(browser: Browser, url: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const javaScript = options.javaScript ?? true;
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  if (options.saveData) await emulateSaveData(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" does not say which one; the location does.
    const source = message.location().url;
    errors.push(source ? `${message.text()} (${source})` : message.text());
  });
  await page.goto(url);
  if (javaScript && options.intent !== false) await waitForShell(page);
  return { context, page, errors };
}

/** True once htmx and the navigation have arrived and links are loaded into the page region. */
export function isBoosted(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.navigation === 'boosted');
}

/**
 * Resolves once the shell has started (body.loaded) and, given the visitor's first intent (a key press
 * that does nothing: Shift), htmx and the navigation have arrived, so every listener is in place.
 */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.classList.contains('loaded'));
  if (await isBoosted(page)) return;
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.navigation === 'boosted');
}

/** Runs an action that navigates by ajax and waits for the shell's page-loaded event. */
export async function afterPageLoaded(page: Page, action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    const flags = window as unknown as { pageLoaded?: Promise<void> };
    flags.pageLoaded = new Promise((resolve) => document.addEventListener('page-loaded', () => resolve(), { once: true }));
  });
  await action();
  await page.evaluate(() => (window as unknown as { pageLoaded: Promise<void> }).pageLoaded);
}

/** A visitor who already answered the consent banner (all declined), so it covers nothing on the page. */
export async function withConsentAnswered(context: BrowserContext, url: string): Promise<void> {
  const { consentStamp } = await import('../../../server/db/seed/site');
  const value = JSON.stringify({ stamp: consentStamp, preferences: false, statistics: false, marketing: false });
  await context.addCookies([{ name: 'CookieConsent', value: encodeURIComponent(value), url }]);
}

export interface BrowserTestBed {
  server: Awaited<ReturnType<typeof startTestServer>>;
  browser: Browser;
}

/** One app over a fresh database and one Chromium for a test file, both closed after it. */
export function useBrowserTestBed(env: Record<string, string> = {}): BrowserTestBed {
  const bed = {} as BrowserTestBed;
  beforeAll(async () => {
    bed.server = await startTestServer(env);
    bed.browser = await launchBrowser();
  });
  afterAll(async () => {
    await bed.browser?.close();
    await bed.server?.close();
  });
  return bed;
}

export interface ShellPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context for each test, opened on `path` with the shell started. */
export function useShellPage(bed: BrowserTestBed, path: string, viewport = { width: 1280, height: 220 }): ShellPage {
  const shell = {} as ShellPage;
  beforeEach(async () => {
    shell.context = await bed.browser.newContext({ viewport });
    shell.page = await shell.context.newPage();
    await shell.page.goto(`${bed.server.url}${path}`);
    await waitForShell(shell.page);
  });
  afterEach(() => shell.context.close());
  return shell;
}
