/** The sandbox's card: what its card endpoint accepts, checked as a card network would. */

/** Test cards: these are refused; any other valid card number is authorised. */
export const REFUSED_CARDS = new Set(['4000000000000002', '5105105105105100']);

export interface CardInput {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
  billingAddress: { street: string; postalCode: string; city: string; country: string };
}

/** Luhn check of a card number made of digits only. */
export function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The card fields that are wrong (form field names), empty when the card can be charged. */
export function cardErrors(input: Record<string, unknown>, now = new Date()): { card: CardInput | null; fields: Record<string, string> } {
  const text = (name: string, max: number) => (typeof input[name] === 'string' ? (input[name] as string).trim().slice(0, max + 1) : '');
  const fields: Record<string, string> = {};
  const number = text('CardNumber', 40).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) fields.CardNumber = 'Payments.InvalidCardNumber';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text('ExpiryDate', 10));
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now) fields.ExpiryDate = 'Payments.InvalidExpiryDate';
  const cvc = text('Cvc', 4);
  if (!/^\d{3,4}$/.test(cvc)) fields.Cvc = 'Payments.InvalidCvc';
  const holderName = text('HolderName', 100);
  if (!holderName || holderName.length > 100) fields.HolderName = 'Payments.Required';
  const street = text('BillingStreet', 200);
  const postalCode = text('BillingPostalCode', 20);
  const city = text('BillingCity', 100);
  const country = text('BillingCountry', 2).toUpperCase();
  if (!street || street.length > 200) fields.BillingStreet = 'Payments.Required';
  if (!postalCode || postalCode.length > 20) fields.BillingPostalCode = 'Payments.Required';
  if (!city || city.length > 100) fields.BillingCity = 'Payments.Required';
  if (!/^[A-Z]{2}$/.test(country)) fields.BillingCountry = 'Payments.Required';
  if (Object.keys(fields).length > 0) return { card: null, fields };
  return { card: { number, expiryMonth: month, expiryYear: year, cvc, holderName, billingAddress: { street, postalCode, city, country } }, fields };
}
