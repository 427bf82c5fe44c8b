/**
 * Typed errors: routes throw them (or pass them to next) and the one error chain (error-handler.ts)
 * answers the right shape: a page, the page region or a fragment for htmx, or JSON for the API. No
 * route builds an error body itself; what an answer must carry besides its message travels here.
 */
export interface ErrorOptions {
  /** Fields the specification adds to this call's JSON error answer (IsVATValidWebService, ...). */
  extra?: Record<string, unknown>;
  /**
   * A machine peer's plain-text answer (a payment provider's notification: "[rejected]", "[retry]"),
   * sent as text instead of the JSON or HTML a visitor's request gets.
   */
  plainText?: string;
}

export class HttpError extends Error {
  readonly extra: Record<string, unknown>;
  readonly plainText?: string;

  constructor(
    readonly status: number,
    readonly resourceKey: string,
    options: ErrorOptions = {},
  ) {
    super(resourceKey);
    this.extra = options.extra ?? {};
    this.plainText = options.plainText;
  }
}

export class NotFound extends HttpError {
  constructor(resourceKey = 'Core.NotFoundText', options?: ErrorOptions) {
    super(404, resourceKey, options);
  }
}

export class Forbidden extends HttpError {
  constructor(resourceKey = 'Core.ForbiddenTitle', options?: ErrorOptions) {
    super(403, resourceKey, options);
  }
}

export class Unauthorized extends HttpError {
  constructor(resourceKey = 'Security.Login.Title', options?: ErrorOptions) {
    super(401, resourceKey, options);
  }
}

/** The request is right but the thing it acts on is not in a state that allows it (409). */
export class Conflict extends HttpError {
  constructor(resourceKey = 'Core.BadInput', options?: ErrorOptions) {
    super(409, resourceKey, options);
  }
}

export class TooManyRequests extends HttpError {
  constructor() {
    super(429, 'Core.TooManyRequests');
  }
}

/**
 * Nothing is wrong with the request, but it cannot be applied now (a payment event whose predecessor
 * has not arrived, a lost race): a 5xx, so that the caller (a payment provider) delivers it again.
 * Expected, so the chain does not log it as an unhandled error.
 */
export class RetryLater extends HttpError {
  constructor(resourceKey = 'Core.ErrorServer', options?: ErrorOptions) {
    super(500, resourceKey, options);
  }
}

/** Field name -> resource key (or already translated message) of what is wrong with it. */
export type FieldErrors = Record<string, string>;

export class BadInput extends HttpError {
  /**
   * titleKey: the error page's title when a page (not a form or the API) answers the 400.
   * resourceKey: the JSON answer's Message (Core.BadInput unless the call's specification names another).
   */
  constructor(
    readonly fields: FieldErrors,
    readonly titleKey = 'Core.ErrorTitle',
    { resourceKey = 'Core.BadInput', ...options }: ErrorOptions & { resourceKey?: string } = {},
  ) {
    super(400, resourceKey, options);
  }
}
