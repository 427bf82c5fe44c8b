// Lighthouse's mobile performance for a few pages of the running app (scripts/check-budget.mjs prints
// it): one run per page, in the Debian Chromium the browser tests use (CHROME_PATH, else
// /usr/bin/chromium), the default mobile settings (Moto G Power screen, simulated slow 4G, 4x CPU).
// A figure, not a gate: on a shared machine the score moves with the load. When Lighthouse or
// Chromium cannot run, it says why and returns.
import { existsSync } from 'node:fs';

const AUDITS = [
  ['TBT', 'total-blocking-time', (value) => `${Math.round(value)} ms`],
  ['LCP', 'largest-contentful-paint', (value) => `${(value / 1000).toFixed(2)} s`],
  ['CLS', 'cumulative-layout-shift', (value) => value.toFixed(3)],
];

async function launchChrome(chromeFlags) {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`);
  const { launch } = await import('chrome-launcher');
  return launch({ chromePath, chromeFlags });
}

function describe(path, lhr) {
  const score = lhr.categories.performance.score;
  const audits = AUDITS.map(([label, id, format]) => {
    const audit = lhr.audits[id];
    const band = audit.score >= 0.9 ? 'top band' : 'below top band';
    return `${label} ${format(audit.numericValue)} (${band})`;
  });
  return `  ${path.padEnd(32)} performance ${score === null ? 'n/a' : Math.round(score * 100)}  ${audits.join(', ')}`;
}

/** One run; a second only when the first could not record the page (a trace without navigation start). */
async function audit(lighthouse, url, port) {
  const run = async () => (await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' })).lhr;
  const first = await run();
  return first.runtimeError ? run() : first;
}

/** Prints one line per page; `pages` are paths under `baseUrl`. */
export async function printLighthouseScores(baseUrl, pages, chromeFlags) {
  console.log('Lighthouse mobile performance (one run per page; a figure, not a gate):');
  let chrome;
  try {
    const { default: lighthouse } = await import('lighthouse');
    chrome = await launchChrome(chromeFlags);
    for (const path of pages) {
      // Measured at its final address: a product's id-only path redirects to its slug.
      const url = (await fetch(`${baseUrl}${path}`)).url;
      const lhr = await audit(lighthouse, url, chrome.port);
      console.log(lhr.runtimeError ? `  ${path}: ${lhr.runtimeError.message}` : describe(path, lhr));
    }
  } catch (error) {
    console.warn(`  Lighthouse did not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await chrome?.kill();
  }
}
