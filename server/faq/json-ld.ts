import { scriptSafeJson } from '../catalog/product-jsonld';
import type { FaqCategory } from './faq';

/**
 * schema.org FAQPage for search engines: one Question per entry shown (only visible entries ever reach
 * here), its acceptedAnswer the stored answer (sanitised HTML, which the format allows). It goes in a
 * <script type="application/ld+json"> data block, which the CSP does not treat as script.
 */
export function faqJsonLd(categories: FaqCategory[], pageUrl: string): string {
  return scriptSafeJson({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: pageUrl,
    mainEntity: categories.flatMap((category) =>
      category.entries.map((entry) => ({
        '@type': 'Question',
        '@id': `${pageUrl}#${entry.anchor}`,
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answerHtml },
      })),
    ),
  });
}
