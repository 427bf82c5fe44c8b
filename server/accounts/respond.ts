import type { Request, Response } from 'express';
import type { Form, FormShape } from '../forms';
import { safeReturnUrl, seeOther } from '../http/forms';
import { isHtmxRequest, renderPage } from '../http/render';

/**
 * Where a form goes once it succeeded: without JS a 303 (post-redirect-get); from the ajax form a full
 * load through HX-Redirect, so the header (signed in or not) and the flash notice show the new state.
 * The target is checked once more here (on this site, normalised, ASCII), so no caller can hand a
 * browser another origin or a header value Node refuses to write.
 */
export function goTo(req: Request, res: Response, url: string): void {
  const target = safeReturnUrl(url, res.locals.href(''), res.locals.basePath);
  if (isHtmxRequest(req)) return void res.set('HX-Redirect', target).status(200).end();
  seeOther(res, target);
}

/** What an account form page shows: its values as typed, each field's message, one message for the form. */
export interface FormState<S extends FormShape> {
  values: Partial<Record<keyof S & string, string>>;
  errors?: Partial<Record<keyof S & string, string>>;
  /** A locale key shown above the form (wrong password, locked out, link expired ...). */
  formError?: string;
}

/**
 * Renders an account page around its form: the whole document, or the page region for the ajax form
 * (its target is the page's own section, so one view serves both answers). Bad input answers 400.
 */
export function renderFormPage<S extends FormShape>(
  req: Request,
  res: Response,
  page: { view: string; title: string; form: Form<S>; model?: Record<string, unknown> },
  state: FormState<S>,
  status = 200,
): Promise<void> {
  const { view, title, form, model } = page;
  const values = Object.fromEntries(Object.keys(form.fields).map((name) => [name, state.values[name as keyof S & string] ?? '']));
  const formError = state.formError ? res.locals.t(state.formError) : '';
  return renderPage(req, res, view, { title: res.locals.t(title), form, values, errors: state.errors ?? {}, formError, ...model }, status);
}
