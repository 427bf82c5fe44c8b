import type { NextFunction, Request, Response } from 'express';
import { declaredForms } from './define';

/** Views reach any declared form as `forms.{name}` (e.g. the footer's `forms.newsletter`). */
export function formsLocals(_req: Request, res: Response, next: NextFunction): void {
  res.locals.forms = declaredForms;
  next();
}
