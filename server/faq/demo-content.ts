import type { Culture } from '../config';
import { delivery, returns } from './demo-delivery-returns';
import { account, payment } from './demo-payment-account';

export type ByCulture = Record<Culture, string>;

export interface DemoFaqEntry {
  /** Names the entry inside the demo: {{#key}} in another answer links to its anchor. */
  key: string;
  question: ByCulture;
  answer: ByCulture;
  /** Draft: never shown to visitors (the tests' draft entry). */
  status?: 'draft';
  /** Shown from this epoch ms on (the tests' future entry). */
  publishAt?: number;
}

export interface DemoFaqCategory {
  slug: ByCulture;
  title: ByCulture;
  entries: DemoFaqEntry[];
}

/** The demo shop's FAQ: 4 categories, 24 visible entries, one draft and one future entry. */
export const demoFaq: DemoFaqCategory[] = [delivery, returns, payment, account];
