import { type Request, type Response, Router } from 'express';
import type { FormData } from '../forms';
import { seeOther, setFlash } from '../http/forms';
import { type RateLimiterFactory, whenLockedOut } from '../http/rate-limit';
import { isHtmxRequest, renderPage } from '../http/render';
import type { NewContactMessage } from './data';
import { contactForm } from './form';
import { sendContactMessage } from './messages';

type Values = Partial<Record<keyof typeof contactForm.fields, string>>;
type ContactModel = { values?: Values; errors?: Values; sent?: boolean; formError?: string };

function renderContact(req: Request, res: Response, model: ContactModel, status = 200) {
  const values = { ...Object.fromEntries(Object.keys(contactForm.fields).map((name) => [name, ''])), ...model.values };
  const title = res.locals.t('Contact.Title');
  const formError = model.formError ? res.locals.t(model.formError) : '';
  // Posted from a content page's contact-form block: its answer replaces the block, under the page's h1.
  const inBlock = req.method === 'POST' && req.body?._in === 'block';
  return renderPage(req, res, 'contact-form', { title, form: contactForm, values, errors: model.errors ?? {}, sent: model.sent ?? false, formError, inBlock }, status);
}

/** Over the limit: the form again with what was typed and why it was not sent (429, swapped in by the ajax form). */
const lockedOut = (req: Request, res: Response) =>
  renderContact(req, res, { values: contactForm.validate(req.body, res.locals.t).values, formError: 'Core.TooManyRequests' }, 429);

function messageOf(data: FormData<typeof contactForm.fields>, res: Response): NewContactMessage {
  return {
    name: data.Name,
    email: data.Email,
    phone: data.Phone,
    subject: data.Subject,
    orderNumber: data.OrderNumber.trim(),
    // The date belongs to an order: without an order number it is not kept.
    orderDate: data.OrderNumber.trim() && data.OrderDate ? data.OrderDate : null,
    message: data.Message,
    culture: res.locals.culture,
    userId: res.locals.user?.id ?? null,
  };
}

async function postContact(req: Request, res: Response): Promise<void> {
  const result = contactForm.validate(req.body, res.locals.t);
  if (!result.ok) return renderContact(req, res, { values: result.values, errors: result.errors }, 400);
  const { config, db, mailer, localization } = req.app.locals;
  const t = localization.translator(config.DEFAULT_CULTURE);
  await sendContactMessage({ db, mailer, shopEmail: config.SHOP_EMAIL, t }, messageOf(result.data, res));
  if (isHtmxRequest(req)) return renderContact(req, res, { sent: true });
  setFlash(req, 'success', 'Contact.Sent');
  seeOther(res, res.locals.href('contact/form'));
}

/**
 * {app}/{culture}/contact/form: the contact form page. A post without JS answers 303 back to it with a
 * notice; from the ajax form it answers the page region (the thanks, or the form with its messages).
 * 20 posts an hour per client address; over that the form comes back as typed, with a message (429).
 */
export function contactRoutes(rateLimit: RateLimiterFactory): Router {
  const router = Router({ mergeParams: true });
  const limit = rateLimit({ name: 'contact', windowMs: 60 * 60_000, limit: 20 });
  router.get('/contact/form', (req, res) => {
    const user = res.locals.user;
    return renderContact(req, res, { values: user ? { Name: `${user.firstName} ${user.lastName}`.trim(), Email: user.email } : {} });
  });
  router.post('/contact/form', limit, postContact, whenLockedOut(lockedOut));
  return router;
}
