// What the crash suite's workers do, each step through the HTTP routes a browser uses: a guest's checkout
// (add to cart, the checkout form with bank transfer or card, the sandbox's card form, then the PSP's
// signed notification delivered again, twice at once), an editor's upload, an editor's publication.
import { signItem } from '../../server/payments/notifications';
import { SANDBOX_MERCHANT_ACCOUNT } from '../../server/payments/sandbox';
import type { Db } from '../../server/db';
import { isOrderNumber } from '../../server/shared/order-numbers';
import { currentCode } from '../support/two-factor';
import { Browser, count, Failed, retried, type Route } from './client';

export interface Shop {
  db: Db;
  route: Route;
  /** nginx's address, for the copy of a notification sent beside the one straight at the victim. */
  nginx: string;
  hmacKey: Buffer;
  variants: number[];
  france: number;
  method: number;
  category: number;
}

const card = {
  CardNumber: '4111 1111 1111 1111', ExpiryDate: '12/39', Cvc: '737', HolderName: 'Ada Lovelace',
  BillingStreet: '12 Rue Vivienne', BillingPostalCode: '75002', BillingCity: 'Paris', BillingCountry: 'FR',
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

function checkoutForm(shop: Shop, token: string, key: string, method: 'BankTransfer' | 'Card'): Record<string, string> {
  return {
    _csrf: token, IdempotencyKey: key, Email: `crash-${key.slice(0, 12)}@example.com`, AccountType: 'Private',
    BillingFirstName: 'Anne', BillingLastName: 'Martin', BillingStreet1: '1 rue de la Paix', BillingPostalCode: '75002', BillingCity: 'Paris',
    BillingCountry: String(shop.france), SameAddressForShipping: 'true', ShippingMethodId: String(shop.method), PaymentMethod: method,
  };
}

/** The order a checkout key made (the answer may have been lost with the instance), or null. */
async function orderOfKey(db: Db, key: string): Promise<string | null> {
  return (await db.selectFrom('orders').select('number').where('idempotency_key', '=', key).executeTakeFirst())?.number ?? null;
}

/** A guest's checkout; answers the order's number, or null when the cart could not be ordered. */
export async function guestCheckout(shop: Shop, method: 'BankTransfer' | 'Card'): Promise<string | null> {
  const guest = new Browser(shop.route);
  await retried('home', () => guest.page('/fr/'));
  for (const variant of [pick(shop.variants), pick(shop.variants)]) {
    await retried('add to cart', async () => {
      const answer = await guest.send('/api/v1/catalog/products/addtocart', { form: { _csrf: guest.token, ProductVariantId: String(variant), Quantity: String(1 + Math.floor(Math.random() * 2)) } });
      if (answer.status !== 303) throw new Failed('add to cart', answer.status);
    });
  }
  const html = await retried('checkout page', () => guest.page('/fr/checkout'));
  const key = html.querySelector('input[name="IdempotencyKey"]')?.getAttribute('value') ?? '';
  if (!key) throw new Error('The checkout page has no IdempotencyKey');
  // The same key on every try: a retried submit answers the order the first one made.
  const placed = await retried('checkout', async () => {
    const answer = await guest.send('/fr/checkout', { form: checkoutForm(shop, guest.token, key, method) });
    if (answer.status === 303) return answer.location;
    // The first submit's answer was lost and its cart is empty now: the order is the key's.
    if (answer.status === 200 && (await orderOfKey(shop.db, key))) return '';
    throw new Failed('checkout', answer.status);
  });
  const number = /(\d{4}-\d{6,})/.exec(placed)?.[1] ?? (await orderOfKey(shop.db, key));
  if (!number || !isOrderNumber(number)) throw new Error(`Checkout went to ${placed}`);
  count(`orders placed (${method})`);
  if (method === 'Card') await payByCard(shop, guest, number);
  return number;
}

/** The sandbox's card form (no JS), until the PSP claimed the session; then its notification, delivered again. */
async function payByCard(shop: Shop, guest: Browser, number: string): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const claimed = await claimedPayment(shop.db, number);
    if (claimed) return deliverAgain(shop, claimed);
    const page = await retried('payment page', () => guest.page(`/fr/payments?order=${number}`));
    const field = (name: string) => page.querySelector(`input[name="${name}"]`)?.getAttribute('value') ?? '';
    if (!field('sessionId')) break;
    await retried('card', async () => {
      const answer = await guest.send('/api/v1/payments/sandbox/payments', { form: { _csrf: guest.token, sessionId: field('sessionId'), sessionData: field('sessionData'), returnUrl: field('returnUrl'), ...card } });
      if (answer.status !== 303) throw new Failed('card', answer.status);
    }, 2).catch(() => undefined);
  }
  const claimed = await claimedPayment(shop.db, number);
  if (claimed) return deliverAgain(shop, claimed);
  count('card payments never claimed');
}

interface Claimed {
  sessionId: string;
  pspReference: string;
  amountCents: number;
  currency: string;
}

async function claimedPayment(db: Db, number: string): Promise<Claimed | null> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.session_id', 'payments.psp_reference', 'payments.amount_cents', 'payments.currency'])
    .where('orders.number', '=', number)
    .where('payments.psp_reference', 'is not', null)
    .executeTakeFirst();
  return row ? { sessionId: row.session_id, pspReference: row.psp_reference!, amountCents: Number(row.amount_cents), currency: row.currency } : null;
}

/**
 * The PSP's AUTHORISATION for a claimed session, as it would retry it: twice at once (straight at the
 * victim and through nginx), then once more, until one is accepted. The sandbox already delivered it
 * in-process when the card was taken (unless the instance died first): every copy here is a repeat.
 */
async function deliverAgain(shop: Shop, claimed: Claimed): Promise<void> {
  const item = signItem(shop.hmacKey, {
    pspReference: claimed.pspReference, merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT, merchantReference: claimed.sessionId,
    amount: { value: claimed.amountCents, currency: claimed.currency }, eventCode: 'AUTHORISATION', success: 'true', eventDate: new Date().toISOString(),
  });
  const body = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
  const deliver = async (base: string) => {
    try {
      const answer = await fetch(`${base}/api/v1/payments/sandbox/notifications`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
      count(`notification: ${answer.status}`);
      return answer.status === 200 && (await answer.text()) === '[accepted]';
    } catch {
      count('notification: connection failed');
      return false;
    }
  };
  await Promise.all([deliver(shop.route()), deliver(shop.nginx)]);
  for (let attempt = 0; attempt < 8 && !(await deliver(shop.route())); attempt++) await new Promise((resolve) => setTimeout(resolve, 500));
}

/** An editor with two-factor on, signed in through the login form and its code step (as a browser). */
export async function signIn(shop: Shop, account: { email: string; password: string; secret: string }): Promise<Browser> {
  const editor = new Browser(shop.route);
  await retried('sign-in', async () => {
    await editor.page('/fr/security/login');
    const password = await editor.send('/fr/security/login', { form: { _csrf: editor.token, Email: account.email, Password: account.password } });
    if (password.location !== '/fr/security/login/twofactor') throw new Failed('password step', password.status);
    const code = await editor.send('/fr/security/login/twofactor', { form: { _csrf: editor.token, Code: currentCode(account.secret) } });
    if (code.status !== 303) throw new Failed('code step', code.status);
  });
  await retried('back office', () => editor.page('/fr/backoffice/'));
  return editor;
}

/** One upload through the library's JSON call (multipart); answers whether it was stored. */
export async function upload(editor: Browser, bytes: Buffer, serial: number): Promise<void> {
  await retried('upload', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `crash-${serial}.jpg`);
    const answer = await editor.send('/api/v1/assetslibrary/assets/upload?culture=fr', { method: 'POST', body: form, headers: { 'X-CSRF-Token': editor.token } });
    if (answer.status !== 200 && answer.status !== 201) throw new Failed('upload', answer.status);
  });
  count('uploads answered');
}

/** A news post published at once, in French and Dutch. */
export async function publish(shop: Shop, editor: Browser, serial: number): Promise<void> {
  const tag = `${serial}-${Date.now().toString(36)}`;
  const body = {
    _csrf: editor.token, Version: '1', CategoryId: String(shop.category), Status: 'published', PublishAt: '', UnpublishAt: '', PostedAt: '2026-03-10T09:30', AssetId: '',
    Title_fr: `Crash ${tag}`, Title_nl: `Crash ${tag}`, Slug_fr: `crash-${tag}`, Slug_nl: `crash-nl-${tag}`,
    Summary_fr: 'Résumé.', Summary_nl: 'Samenvatting.', Body_fr: '<p>Texte</p>', Body_nl: '<p>Tekst</p>',
  };
  await retried('publish', async () => {
    const answer = await editor.send('/fr/backoffice/news', { form: body });
    if (answer.status === 303) return;
    // A first submit that went through before its answer was lost: its slug is taken now, by it.
    const made = await shop.db.selectFrom('news_post_translations').select('post_id').where('slug', '=', body.Slug_fr).executeTakeFirst();
    if (!made) throw new Failed('publish', answer.status);
  });
  count('publications answered');
}

