// The Nu HTML Checker over server-rendered pages, as the feature e2e tests run it.
import type { Agent } from '../../http/accounts-helpers';
import { type HtmlDocument, vnuErrors } from '../../support/page-checks';

/** Each path's page as the agent gets it (200 expected), named by its path. */
export async function documentsOf(agent: Agent, paths: readonly string[]): Promise<HtmlDocument[]> {
  const documents: HtmlDocument[] = [];
  for (const path of paths) {
    const answer = await agent.get(path);
    expect(answer.status).toBe(200);
    documents.push({ name: path, html: answer.text });
  }
  return documents;
}

/** Runs the Nu HTML Checker once over the documents and expects no error, printing any it finds. */
export async function expectNoHtmlErrors(documents: HtmlDocument[]): Promise<void> {
  const found = await vnuErrors(documents);
  if (found.length) console.log(`Nu HTML Checker:\n  ${found.join('\n  ')}`);
  expect(found).toEqual([]);
}
