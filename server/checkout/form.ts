import { defineForm, field } from '../forms';

export const paymentMethods = ['BankTransfer', 'Card'] as const;
export const accountTypes = ['Private', 'Company'] as const;

const shippingField = () => field.text().requiredif('SameAddressForShipping', { equals: false }).maxlength(200);

/**
 * The one-step checkout. Billing fields carry the spec's Billing prefix (BillingVAT, BillingCountry);
 * shipping fields are required only when the shipping address differs. Countries and shipping methods
 * are selects whose options come from the database (rendered by the page, checked by the route).
 */
/** The account type and Billing* fields, as the checkout and the address popup both declare them. */
export function billingFields() {
  return {
    AccountType: field.select(accountTypes.map((value) => ({ value, label: `Checkout.AccountTypes.${value}` }))).required(),
    BillingFirstName: field.text().required().maxlength(100),
    BillingLastName: field.text().required().maxlength(100),
    BillingCompany: field.text().requiredif('AccountType', { equals: 'Company' }).maxlength(200),
    BillingStreet1: field.text().required().maxlength(200),
    BillingStreet2: field.text().maxlength(200),
    BillingPostalCode: field.text().required().maxlength(20).rule('postalcode', { countryfield: 'BillingCountry' }),
    BillingCity: field.text().required().maxlength(100),
    BillingCountry: field.select().required(),
    BillingPhone: field.tel().maxlength(40).regex(/\+?[0-9 ()./-]{6,40}/, 'Checkout.PhoneFormat'),
    BillingVAT: field.text().maxlength(40).regex(/[A-Za-z0-9 .\-]{4,40}/, 'Checkout.VatFormat'),
  };
}

export const checkoutForm = defineForm('checkout', {
  Email: field.email().required().maxlength(320),
  ...billingFields(),
  SameAddressForShipping: field.checkbox(),
  ShippingFirstName: shippingField(),
  ShippingLastName: shippingField(),
  ShippingStreet1: shippingField(),
  ShippingStreet2: field.text().maxlength(200),
  ShippingPostalCode: shippingField().rule('postalcode', { countryfield: 'ShippingCountry' }),
  ShippingCity: shippingField(),
  ShippingCountry: field.select().requiredif('SameAddressForShipping', { equals: false }),
  ShippingPhone: field.tel().maxlength(40),
  ShippingMethodId: field.select().required(),
  PaymentMethod: field.select(paymentMethods.map((value) => ({ value, label: `Checkout.PaymentMethods.${value}` }))).required(),
  ExistingBillingAddressId: field.hidden(),
  ExistingShippingAddressId: field.hidden(),
  IdempotencyKey: field.hidden(),
});
