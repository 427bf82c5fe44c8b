import { z } from 'zod';
import { contactForm } from '../../contact/form';
import { sanitizeRichText } from '../rich-text';
import { blockType } from './types';

const none = z.object({}).strict();

/** Rich text: sanitised on the way in, and again on the way out (a stored body is never trusted). */
export const richText = blockType({
  settings: none,
  texts: z.object({ html: z.string().max(100_000) }).strict(),
  prepare: (texts) => ({ html: sanitizeRichText(texts.html) }),
  load: (_context, block) => ({ html: sanitizeRichText(block.texts.html) }),
});

/**
 * A page break: the blocks after it are the next page of the page ({app}/{culture}/{slug}?pageindex=2),
 * with the pagination under the blocks (docs/pages.md). It renders nothing.
 */
export const pageBreak = blockType({ settings: none, texts: none, load: () => ({}) });

/** The contact form of server/contact (views/pages/contact-form.ejs), posting to its own address. */
export const contactFormBlock = blockType({
  settings: none,
  texts: none,
  load: () => ({
    form: contactForm,
    values: Object.fromEntries(Object.keys(contactForm.fields).map((name) => [name, ''])),
    errors: {},
    sent: false,
    formError: '',
  }),
});
