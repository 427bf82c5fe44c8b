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

/** An HttpError class of one status, whose resource key defaults to the status's own message. */
function withStatus(status: number, defaultKey: string) {
  return class extends HttpError {
    constructor(resourceKey = defaultKey, options?: ErrorOptions) {
      super(status, resourceKey, options);
    }
  };
}

export class NotFound extends withStatus(404, 'Core.NotFoundText') {}
export class Forbidden extends withStatus(403, 'Core.ForbiddenTitle') {}
export class Unauthorized extends withStatus(401, 'Security.Login.Title') {}
/** The request is right but the thing it acts on is not in a state that allows it. */
export class Conflict extends withStatus(409, 'Core.BadInput') {}
export class TooManyRequests extends withStatus(429, 'Core.TooManyRequests') {}
/**
 * Nothing is wrong with the request, but it cannot be applied now (a payment event whose predecessor
 * has not arrived, a lost race): a 5xx, so that the caller (a payment provider) delivers it again.
 */
export class RetryLater extends withStatus(500, 'Core.ErrorServer') {}

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

/** A shared part the request needs (the session store in Redis) cannot be reached for a moment. */
export class ServiceUnavailable extends withStatus(503, 'Core.ServiceUnavailable') {}
