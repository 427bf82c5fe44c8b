import type { Request, Response } from 'express';
import type { FieldBuilder, Form } from '../../forms';
import { type PageModel, renderPage, wantsFragment } from '../../http/render';
import type { CodeRefusal } from './service';

/** The one-field code forms (codeForm, totpForm) share this shape. */
export type CodeForm = Form<{ Code: FieldBuilder<string> }>;

export interface FormState {
  values: { Code?: string };
  /** Messages about the code as typed (required, format), shown at the field. */
  errors: { Code?: string };
  /**
   * A refused code (wrong, used, too many tries), shown above the form: the browser's check passes such
   * a code, so a message at the field would be cleared on blur, moving the button under the pointer.
   */
  formError?: string;
}

export const blankForm: FormState = { values: { Code: '' }, errors: {} };

/** The form again, empty, with a message about the code that was refused. */
export function refusedForm(formError: string): FormState {
  return { values: { Code: '' }, errors: {}, formError };
}

export const refusalKeys: Record<CodeRefusal, string> = {
  invalid: 'Security.TwoFactor.InvalidCode',
  reused: 'Security.TwoFactor.CodeAlreadyUsed',
};

/** Asked for by the shell's page modal: the page's links and forms then stay inside #modal-body. */
export function inModal(req: Request): boolean {
  return wantsFragment(req, 'modal-body');
}

export function homeUrl(res: Response): string {
  return res.locals.href('security/twofactor');
}

/** In the modal, a page's form posts by ajax and its answer (the page again, or the home) fills the modal body. */
const modalForm = { mode: 'replace', target: '#modal-body' };

/** Renders views/pages/security/{view}.ejs with what every two-factor page needs. */
export function renderTwoFactorPage(req: Request, res: Response, view: string, model: PageModel, status = 200): Promise<void> {
  const modal = inModal(req);
  // These pages show a TOTP key, recovery codes or the account's security state: never kept by a cache.
  res.set('Cache-Control', 'private, no-store');
  return renderPage(req, res, `security/${view}`, { inModal: modal, modalForm: modal ? modalForm : null, homeUrl: homeUrl(res), ...model }, status);
}
