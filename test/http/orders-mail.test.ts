// The order confirmation mail is queued in order_mails inside the order's transaction and sent after the
// commit; a failed send is retried by sendDueOrderMails with a backoff, and a row is sent once even when
// two sweeps run together. SQLite and PostgreSQL.
import type { MailMessage, Mailer } from '../../server/mail/mailer';
import { ORDER_MAIL_MAX_ATTEMPTS, sendDueOrderMails } from '../../server/orders/mail';
import { type OrderSummary, type PlaceOrderInput, placeOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { readOutbox } from '../support/outbox';
import { cartFor, orderOf, stockedVariant, validCheckout } from './checkout-helpers';

const testApp = useTestApp();

const address = { firstName: 'Anne', lastName: 'Martin', company: '', street1: '1 rue de la Paix', street2: '', postalCode: '75002', city: 'Paris', countryId: 1, phone: '', vatNumber: '', accountType: 'Private' as const };
const link = (number: string) => `https://shop.example/fr/orders/confirmation/${number}`;

type Variant = { id: number; price_incl_cents: number; price_excl_cents: number };

function summaryFor(variant: Variant, quantity = 1): OrderSummary {
  const lineIncl = variant.price_incl_cents * quantity;
  const lineExcl = variant.price_excl_cents * quantity;
  return {
    currency: 'EUR',
    lines: [{ variantId: variant.id, sku: 'SKU', name: 'Test', quantity, unitInclCents: variant.price_incl_cents, unitExclCents: variant.price_excl_cents, totalInclCents: lineIncl, totalExclCents: lineExcl }],
    subtotalInclCents: lineIncl,
    subtotalExclCents: lineExcl,
    shipping: null,
    discount: null,
    taxes: [{ rateBp: 2000, cents: lineIncl - lineExcl }],
    totalInclCents: lineIncl,
    totalExclCents: lineExcl,
    taxCents: lineIncl - lineExcl,
    reverseCharge: false,
  };
}

function input(summary: OrderSummary, key: string, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return { idempotencyKey: key, summary, email: 'buyer@example.com', userId: null, culture: 'fr', paymentMethod: 'BankTransfer', billing: address, shipping: address, confirmationLink: link, ...extra };
}

/** A mailer that records what it sent, failing the first `failures` sends (and waiting `delayMs` in each). */
function fakeMailer(failures = 0, delayMs = 0): Mailer & { sent: MailMessage[]; calls: number } {
  const mailer = {
    outboxDir: null,
    sent: [] as MailMessage[],
    calls: 0,
    async send(message: MailMessage) {
      mailer.calls += 1;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (mailer.calls <= failures) throw new Error('SMTP down');
      mailer.sent.push(message);
    },
  };
  return mailer;
}

const logged: { level: string; msg: string }[] = [];
const logger = { error: (_: object, msg: string) => void logged.push({ level: 'error', msg }), warn: (_: object, msg: string) => void logged.push({ level: 'warn', msg }) };

function deps(mailer: Mailer) {
  const { db, config } = testApp;
  return { db, mailer, localization: testApp.app.locals.localization, config, logger: logger as never };
}

async function mailRow(orderId: number) {
  return testApp.db.selectFrom('order_mails').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

test('the confirmation row is written with the order, due at once', async () => {
  const variant = await stockedVariant(testApp, 10);
  const now = Date.now();
  const { orderId, number } = await placeOrder(testApp.db, input(summaryFor(variant), 'mail-row-1', { now }));
  const row = await mailRow(orderId);
  expect(row).toMatchObject({ kind: 'Confirmation', culture: 'fr', link: link(number), sent_at: null, last_error: null });
  expect(Number(row.attempts)).toBe(0);
  expect(Number(row.next_attempt_at)).toBe(now);
  // Only this order's mail, when asked for one order.
  const mailer = fakeMailer();
  expect(await sendDueOrderMails(deps(mailer), now, { orderId })).toEqual({ sent: 1, failed: 0 });
  expect(mailer.sent).toHaveLength(1);
  expect(mailer.sent[0]).toMatchObject({ to: 'buyer@example.com', subject: `Votre commande ${number}` });
  expect(mailer.sent[0].text).toContain(link(number));
  // French puts a (non-breaking in print, plain here) space before the colon: Orders.Labelled.
  expect(mailer.sent[0].text).toContain(`IBAN : ${testApp.config.BANK_IBAN}`);
  expect(mailer.sent[0].text).toMatch(/^Total TTC : /m);
  expect((await mailRow(orderId)).sent_at).not.toBeNull();
});

test('an order rolled back leaves no mail row', async () => {
  const variant = await stockedVariant(testApp, 1);
  const before = await testApp.db.selectFrom('order_mails').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  // Out of stock: the order row and its mail row were written, then the transaction rolled back.
  await expect(placeOrder(testApp.db, input(summaryFor(variant, 2), 'mail-rollback'))).rejects.toMatchObject({ code: 'OutOfStock' });
  expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', 'mail-rollback').executeTakeFirst()).toBeUndefined();
  const after = await testApp.db.selectFrom('order_mails').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
});

test('a mailer that fails once: retried after the backoff, sent once', async () => {
  const variant = await stockedVariant(testApp, 10);
  const now = Date.now();
  const { orderId } = await placeOrder(testApp.db, input(summaryFor(variant), 'mail-retry', { now }));
  const mailer = fakeMailer(1);
  expect(await sendDueOrderMails(deps(mailer), now, { orderId })).toEqual({ sent: 0, failed: 1 });
  let row = await mailRow(orderId);
  expect(Number(row.attempts)).toBe(1);
  expect(row.last_error).toBe('SMTP down');
  expect(Number(row.next_attempt_at)).toBe(now + 60_000);
  expect(row.sent_at).toBeNull();
  // Not due before the backoff.
  expect(await sendDueOrderMails(deps(mailer), now + 30_000, { orderId })).toEqual({ sent: 0, failed: 0 });
  // The next sweep sends it; later sweeps do not again.
  expect(await sendDueOrderMails(deps(mailer), now + 61_000)).toMatchObject({ sent: 1, failed: 0 });
  expect(await sendDueOrderMails(deps(mailer), now + 24 * 3_600_000)).toEqual({ sent: 0, failed: 0 });
  expect(mailer.calls).toBe(2);
  expect(mailer.sent).toHaveLength(1);
  row = await mailRow(orderId);
  expect(row.sent_at).not.toBeNull();
  expect(row.last_error).toBeNull();
});

test('two sweeps in parallel send a mail once', async () => {
  const variant = await stockedVariant(testApp, 10);
  const now = Date.now();
  const { orderId, number } = await placeOrder(testApp.db, input(summaryFor(variant), 'mail-parallel', { now }));
  const mailer = fakeMailer(0, 50);
  const outcomes = await Promise.all([sendDueOrderMails(deps(mailer), now), sendDueOrderMails(deps(mailer), now), sendDueOrderMails(deps(mailer), now)]);
  expect(outcomes.reduce((sum, o) => sum + o.sent, 0)).toBe(1);
  expect(mailer.calls).toBe(1);
  expect(mailer.sent).toHaveLength(1);
  expect(mailer.sent[0].text).toContain(link(number));
  expect((await mailRow(orderId)).sent_at).not.toBeNull();
});

test('after the last attempt the mail stops, with an error logged', async () => {
  const variant = await stockedVariant(testApp, 10);
  let now = Date.now();
  const { orderId } = await placeOrder(testApp.db, input(summaryFor(variant), 'mail-give-up', { now }));
  const mailer = fakeMailer(Number.MAX_SAFE_INTEGER);
  const waits: number[] = [];
  for (let attempt = 1; attempt <= ORDER_MAIL_MAX_ATTEMPTS; attempt += 1) {
    expect(await sendDueOrderMails(deps(mailer), now, { orderId })).toEqual({ sent: 0, failed: 1 });
    const next = Number((await mailRow(orderId)).next_attempt_at);
    waits.push((next - now) / 60_000);
    now = next;
  }
  expect(waits.slice(0, 4)).toEqual([1, 5, 15, 60]);
  const row = await mailRow(orderId);
  expect(Number(row.attempts)).toBe(ORDER_MAIL_MAX_ATTEMPTS);
  expect(logged.filter((entry) => entry.level === 'error' && entry.msg === 'order mail given up')).toHaveLength(1);
  expect(await sendDueOrderMails(deps(mailer), now + 7 * 24 * 3_600_000, { orderId })).toEqual({ sent: 0, failed: 0 });
  expect(mailer.calls).toBe(ORDER_MAIL_MAX_ATTEMPTS);
});

test('checkout with SMTP down: the order is placed, the sweep sends its mail later', async () => {
  const original = testApp.app.locals.mailer as Mailer;
  testApp.app.locals.mailer = fakeMailer(Number.MAX_SAFE_INTEGER);
  try {
    const { agent, csrf, key } = await cartFor(testApp);
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    const order = await orderOf(testApp, answer.headers.location);
    // The immediate send (after the commit) failed and was recorded.
    for (let i = 0; i < 100 && Number((await mailRow(order.id)).attempts) === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const row = await mailRow(order.id);
    expect(Number(row.attempts)).toBe(1);
    expect(row.last_error).toBe('SMTP down');
    expect(row.link).toMatch(new RegExp(`/fr/orders/confirmation/${order.number}$`));
    // SMTP back: the next sweep puts it in the outbox.
    const seen = readOutbox(testApp.config.DATA_DIR).length;
    expect((await sendDueOrderMails(deps(original), Number(row.next_attempt_at), { orderId: order.id })).sent).toBe(1);
    const mails = readOutbox(testApp.config.DATA_DIR).slice(seen);
    expect(mails.filter((mail) => mail.subject === `Votre commande ${order.number}`)).toHaveLength(1);
    expect((await mailRow(order.id)).sent_at).not.toBeNull();
  } finally {
    testApp.app.locals.mailer = original;
  }
});


test('an instance killed after the send, before sent_at: the sweep after the claim sends it again, the outbox keeps one', async () => {
  const real = testApp.app.locals.mailer as Mailer;
  const variant = await stockedVariant(testApp, 10);
  const now = Date.now();
  const { orderId, number } = await placeOrder(testApp.db, input(summaryFor(variant), 'mail-killed', { now }));
  // The mail is handed to the transport, then the process dies: sent_at is never written.
  let handedOver!: () => void;
  const handed = new Promise<void>((resolve) => (handedOver = resolve));
  const dying: Mailer = { outboxDir: real.outboxDir, send: (message) => real.send(message).then(() => (handedOver(), new Promise<void>(() => {}))) };
  void sendDueOrderMails(deps(dying), now, { orderId });
  await handed;
  const claimed = await mailRow(orderId);
  expect(claimed.sent_at).toBeNull();
  const claimEnds = Number(claimed.next_attempt_at);
  expect(claimEnds).toBeGreaterThan(now);
  // Within the claim no sweep takes it; after it, one does, with the same Message-ID.
  expect(await sendDueOrderMails(deps(real), claimEnds - 1, { orderId })).toEqual({ sent: 0, failed: 0 });
  const recorder = fakeMailer();
  const both: Mailer = { outboxDir: real.outboxDir, send: async (message) => (await recorder.send(message), await real.send(message)) };
  expect(await sendDueOrderMails(deps(both), claimEnds, { orderId })).toEqual({ sent: 1, failed: 0 });
  expect((await mailRow(orderId)).sent_at).not.toBeNull();
  const mails = readOutbox(testApp.config.DATA_DIR).filter((mail) => mail.subject === `Votre commande ${number}`);
  expect(mails).toHaveLength(1);
  expect(mails[0].raw).toContain(`Message-ID: ${recorder.sent[0].messageId}`);
  expect(recorder.sent[0].messageId).toMatch(new RegExp(`^<order-${number}-${now}-${claimed.id}@`));
});
