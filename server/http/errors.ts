/** Typed errors: routes throw them (or pass them to next) and the one error chain answers the right shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly resourceKey: string,
  ) {
    super(resourceKey);
  }
}

export class NotFound extends HttpError {
  constructor() {
    super(404, 'Core.NotFoundText');
  }
}

export class Forbidden extends HttpError {
  constructor(resourceKey = 'Core.ForbiddenTitle') {
    super(403, resourceKey);
  }
}

export class Unauthorized extends HttpError {
  constructor() {
    super(401, 'Security.Login.Title');
  }
}

export class TooManyRequests extends HttpError {
  constructor() {
    super(429, 'Core.TooManyRequests');
  }
}

/** Field name -> resource key (or already translated message) of what is wrong with it. */
export type FieldErrors = Record<string, string>;

export class BadInput extends HttpError {
  /** titleKey: the error page's title when a page (not a form or the API) answers the 400. */
  constructor(
    readonly fields: FieldErrors,
    readonly titleKey = 'Core.ErrorTitle',
  ) {
    super(400, 'Core.BadInput');
  }
}
