// The change-delivery-address form (staff, in a modal on the order's tools page): the new delivery
// address of an order. Posted to {app}/{culture}/sales/order/ChangeDeliveryAddressRequest.
import { defineForm, field } from '../forms';

export const deliveryAddressForm = defineForm('delivery-address', {
  OrderNumber: field.hidden().required().maxlength(60),
  ShippingFirstName: field.text().required().maxlength(100),
  ShippingLastName: field.text().required().maxlength(100),
  ShippingStreet1: field.text().required().maxlength(200),
  ShippingStreet2: field.text().maxlength(200),
  ShippingPostalCode: field.text().required().maxlength(20),
  ShippingCity: field.text().required().maxlength(100),
  // A country id of the shop's (checked against the countries by the route; the view renders the select).
  ShippingCountry: field.text().required().maxlength(10),
  ShippingPhone: field.tel().maxlength(40),
});
