import type { Transaction } from 'kysely';
import type { Culture } from '../../config';
import type { CouponKind } from '../../coupons/tables';
import type { Database } from '../schema';

/** Rates are units per 1 EUR × 1,000,000 (integers: no float reaches a price). */
export const demoCurrencies: readonly { code: string; ratePpm: number }[] = [
  { code: 'EUR', ratePpm: 1_000_000 },
  { code: 'CHF', ratePpm: 940_000 },
  { code: 'GBP', ratePpm: 850_000 },
  { code: 'USD', ratePpm: 1_080_000 },
];

type Labels = Record<Culture, string>;

interface DemoCoupon {
  code: string;
  kind: CouponKind;
  value: number;
  minOrderCents?: number;
  validUntil?: number;
  usageLimit?: number;
  perCustomerLimit?: number;
  ownerEmail?: string;
  labels: Labels;
}

const seededAt = Date.UTC(2026, 0, 5, 9, 0, 0);

/** The demo coupons the README names: public ones, an expired one, a limited one, the demo customer's own. */
export const demoCoupons: readonly DemoCoupon[] = [
  {
    code: 'WELCOME10', kind: 'Percent', value: 1000, perCustomerLimit: 1,
    labels: { fr: '10 % de bienvenue', nl: '10 % welkomstkorting', es: '10 % de bienvenida', de: '10 % Willkommensrabatt', it: '10 % di benvenuto', pt: '10 % de boas-vindas' },
  },
  {
    code: 'SAVE5', kind: 'Amount', value: 500, minOrderCents: 5000,
    labels: { fr: '5 € dès 50 € d’achat', nl: '5 € korting vanaf 50 €', es: '5 € a partir de 50 €', de: '5 € ab 50 € Bestellwert', it: '5 € da 50 € di spesa', pt: '5 € a partir de 50 €' },
  },
  {
    code: 'SUMMER2024', kind: 'Percent', value: 1500, validUntil: Date.UTC(2024, 8, 30),
    labels: { fr: 'Été 2024 (expiré)', nl: 'Zomer 2024 (verlopen)', es: 'Verano 2024 (caducado)', de: 'Sommer 2024 (abgelaufen)', it: 'Estate 2024 (scaduto)', pt: 'Verão 2024 (expirado)' },
  },
  {
    code: 'FIRST10', kind: 'Percent', value: 2000, usageLimit: 10,
    labels: { fr: '20 % pour les 10 premiers', nl: '20 % voor de eerste 10', es: '20 % para los 10 primeros', de: '20 % für die ersten 10', it: '20 % per i primi 10', pt: '20 % para os 10 primeiros' },
  },
  {
    code: 'CLAIRE15', kind: 'Percent', value: 1500, perCustomerLimit: 1, ownerEmail: 'customer@example.com',
    labels: { fr: 'Votre bon fidélité de 15 %', nl: 'Uw getrouwheidsbon van 15 %', es: 'Su cupón de fidelidad del 15 %', de: 'Ihr Treuegutschein über 15 %', it: 'Il suo buono fedeltà del 15 %', pt: 'O seu cupão de fidelidade de 15 %' },
  },
];

export async function seedCoupons(tx: Transaction<Database>): Promise<void> {
  await tx
    .insertInto('currencies')
    .values(demoCurrencies.map((currency, position) => ({ code: currency.code, rate_ppm: currency.ratePpm, is_active: 1, position })))
    .execute();
  for (const coupon of demoCoupons) {
    const owner = coupon.ownerEmail ? await tx.selectFrom('users').select('id').where('email', '=', coupon.ownerEmail).executeTakeFirst() : undefined;
    const { id } = await tx
      .insertInto('coupons')
      .values({
        code: coupon.code,
        kind: coupon.kind,
        value: coupon.value,
        currency: 'EUR',
        min_order_cents: coupon.minOrderCents ?? 0,
        valid_from: null,
        valid_until: coupon.validUntil ?? null,
        usage_limit: coupon.usageLimit ?? null,
        per_customer_limit: coupon.perCustomerLimit ?? null,
        used_count: 0,
        user_id: owner?.id ?? null,
        is_active: 1,
        created_at: seededAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('coupon_translations')
      .values(Object.entries(coupon.labels).map(([culture, label]) => ({ coupon_id: id, culture, label })))
      .execute();
  }
}
