// Lighthouse 12.2.3 (the npm package; 13 needs Node 22) on a few pages of the running app, run by
// scripts/check-budget.mjs (so by `npm test`): one mobile run per page, in the Chromium the browser
// tests use (CHROME_PATH, else /usr/bin/chromium), default mobile settings (Moto G Power screen,
// simulated slow 4G, 4x CPU). A GATE on SEO, accessibility and best practices: each must be 100 on
// every page, and the audits that cost points are printed. Performance is printed as a figure, not
// gated: on a shared machine it moves with the load. Without Chromium it says so and does not gate
// (as the budget's paint and idle columns); with Chromium, a run that fails is a failure.
import { existsSync } from 'node:fs';

const GATED = ['seo', 'accessibility', 'best-practices'];
const CATEGORIES = ['performance', ...GATED];
const AUDITS = [
  ['TBT', 'total-blocking-time', (value) => `${Math.round(value)} ms`],
  ['LCP', 'largest-contentful-paint', (value) => `${(value / 1000).toFixed(2)} s`],
  ['CLS', 'cumulative-layout-shift', (value) => value.toFixed(3)],
];

const percent = (score) => (score === null || score === undefined ? 'n/a' : String(Math.round(score * 100)));

async function launchChrome(chromeFlags) {
  const { launch } = await import('chrome-launcher');
  return launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags });
}

function describe(path, lhr) {
  const scores = CATEGORIES.map((id) => `${id} ${percent(lhr.categories[id]?.score)}`).join(', ');
  const audits = AUDITS.map(([label, id, format]) => `${label} ${format(lhr.audits[id].numericValue)}`);
  return `  ${path.padEnd(40)} ${scores}  (${audits.join(', ')})`;
}

/** The gated categories under 100 on a page, each with the audits that cost it points. */
function shortfalls(lhr) {
  return GATED.filter((id) => lhr.categories[id]?.score !== 1).map((id) => {
    const failing = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`);
    return `${id} ${percent(lhr.categories[id]?.score)} (${failing.join('; ') || 'no weighted audit named'})`;
  });
}

/** One run; a second only when the first could not record the page (a trace without navigation start). */
async function audit(lighthouse, url, port) {
  const run = async () => (await lighthouse(url, { port, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' })).lhr;
  const first = await run();
  return first.runtimeError ? run() : first;
}

/**
 * Prints one line per page (`pages` are paths under `baseUrl`) and returns whether every page scored
 * 100 in SEO, accessibility and best practices (true, with a note, when there is no Chromium to run).
 */
export async function checkLighthouseScores(baseUrl, pages, chromeFlags) {
  console.log(`Lighthouse mobile (one run per page; gate: ${GATED.join(', ')} at 100; performance a figure):`);
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.warn(`  Lighthouse skipped: no Chromium at ${chromePath} (set CHROME_PATH)`);
    return true;
  }
  const problems = [];
  let chrome;
  try {
    const { default: lighthouse } = await import('lighthouse');
    chrome = await launchChrome(chromeFlags);
    for (const path of pages) {
      // Measured at its final address: a product's id-only path redirects to its slug.
      const url = (await fetch(`${baseUrl}${path}`)).url;
      const lhr = await audit(lighthouse, url, chrome.port);
      if (lhr.runtimeError) {
        problems.push(`${path}: ${lhr.runtimeError.message}`);
        continue;
      }
      console.log(describe(path, lhr));
      problems.push(...shortfalls(lhr).map((shortfall) => `${path}: ${shortfall}`));
    }
  } catch (error) {
    problems.push(`Lighthouse did not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await chrome?.kill();
  }
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(problems.length ? `FAIL: Lighthouse below 100 (${problems.length})` : 'PASS: Lighthouse SEO, accessibility and best practices 100 on every page');
  return problems.length === 0;
}
