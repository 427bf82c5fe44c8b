import type { Request, Response, Router } from 'express';
import type { Db } from '../db';
import type { OrderView } from '../orders/orders';
import type { Payment } from './payments';

/** What the drop-in is initialised with (section 3: environment, client key, session id, session data, redirect result). */
export interface DropInConfig {
  environment: 'test' | 'live';
  clientKey: string;
  sessionId: string;
  sessionData: string;
}

/**
 * A card payment provider running the sessions flow: the server makes a session for an order (with an
 * idempotency key), the drop-in pays it in the browser, the shopper comes back with a redirect result,
 * and the provider tells the outcome by a signed notification (the only thing that marks an order paid).
 */
export interface PaymentProvider {
  readonly name: string;
  /** Creates (or, for the same idempotency key, finds) the session of a payment. */
  createSession(db: Db, input: { orderId: number; amountCents: number; currency: string; idempotencyKey: string }): Promise<{ payment: Payment; created: boolean }>;
  /** The drop-in's page data for a session. */
  dropIn(payment: Payment): DropInConfig;
  /** The payment session a redirect result belongs to (null when it is not one of this provider's). */
  sessionOfRedirectResult(redirectResult: unknown): string | null;
  /** The HMAC key its notifications are signed with (the webhook verifies and handles them with it). */
  notificationKey(): Buffer;
  /**
   * Refunds part (or all) of an Authorised payment: the provider's REFUND outcome is told by its signed
   * notification, as for every event (a partial refund adds to refunded_cents; the one that completes the
   * amount refunds the payment and its order). True when the refund was recorded; false when the
   * provider or the shop refused it (more than is left, a payment not Authorised).
   */
  refund(db: Db, payment: Payment, amountCents: number): Promise<boolean>;
  /**
   * Endpoints the provider itself serves inside this app, mounted only when it is the app's provider:
   * the in-process sandbox's card endpoint (its "PSP side"). A hosted provider has none.
   */
  readonly inApp?: InAppEndpoints;
}

/** What the shop lends a provider's in-app endpoints: the payment page, to show a card form again with its messages. */
export interface PaymentPage {
  render(req: Request, res: Response, order: OrderView, options: { values: Record<string, string>; errors: Record<string, string>; status: number }): Promise<void>;
}

export interface InAppEndpoints {
  /** Where the payment page's card form posts, under {app}. */
  readonly payPath: string;
  routes(page: PaymentPage): Router;
}
