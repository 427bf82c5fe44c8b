/** Money is integer cents with a currency code; it is formatted on the server for the culture, never in the browser. */
export interface Money {
  cents: number;
  currency: string;
}

const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(money: Money, culture: string): string {
  const key = `${culture}:${money.currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(culture, { style: 'currency', currency: money.currency });
    formats.set(key, format);
  }
  return format.format(money.cents / 100);
}

/** The decimal amount for machine-readable places (schema.org, tag-manager data): "12.50". */
export function decimalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The formatter of one currency in one culture: cents -> "12,50 €". What views call `money`. */
export function moneyFormatter(currency: string, culture: string): (cents: number) => string {
  return (cents) => formatMoney({ cents, currency }, culture);
}
