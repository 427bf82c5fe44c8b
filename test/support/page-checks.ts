// The two page checkers of test/e2e/page-checks.test.ts: axe-core run inside a Chromium page, and the
// Nu HTML Checker (vnu-jar, one Java process for every document) over server-rendered HTML.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(path.join(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const vnuJar = path.join(__dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

/** One line per violation and node: "rule (impact): help: selector". */
export async function axeViolations(page: Page, { javaScript = true } = {}): Promise<string[]> {
  // Chromium runs no timer in a page without JavaScript, and axe waits on setTimeout: run them as microtasks.
  if (!javaScript) await page.evaluate(timersAsMicrotasks);
  // Evaluated by the debugging protocol, not a script tag: the site's CSP and a page without JavaScript allow it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((found) => ({ id: found.id, impact: found.impact, help: found.help, targets: found.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.flatMap((found) => found.targets.map((target) => `${found.id} (${found.impact}): ${found.help}: ${target}`));
}

function timersAsMicrotasks(): void {
  const run = (callback: () => void) => {
    void Promise.resolve().then(callback);
    return 0;
  };
  (window as unknown as { setTimeout: typeof run }).setTimeout = run;
  window.clearTimeout = () => undefined;
}

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

export interface HtmlDocument {
  name: string;
  html: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu HTML Checker once over every document; answers "name:line: message" per error. */
export async function vnuErrors(documents: HtmlDocument[]): Promise<string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.html`);
      writeFileSync(file, document.html);
      return file;
    });
    const output = await runVnu(files);
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const index = Number(path.basename(new URL(message.url).pathname, '.html'));
        const extract = (message.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
        return `${documents[index]?.name ?? message.url}:${message.lastLine ?? '?'}: ${message.message} [${extract}]`;
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function runVnu(files: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // vnu exits 1 when it found errors; its JSON on stdout is the answer either way.
    execFile('java', ['-jar', vnuJar, '--format', 'json', '--stdout', '--errors-only', ...files], { maxBuffer: 32 * 1024 * 1024 }, (error, stdout) => {
      if (stdout) resolve(stdout);
      else if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') reject(new Error('No java for the Nu HTML Checker: apt-get install -y default-jre-headless (as .ci/run does)'));
      else reject(error ?? new Error('vnu printed nothing'));
    });
  });
}
