// The staff's edit-customer form (the modal on the customer page): the same declaration checks the post
// and gives the browser its rules.
import { cultures } from '../config';
import { defineForm, field } from '../forms';

export const customerForm = defineForm('staff-customer', {
  FirstName: field.text().required().maxlength(100),
  LastName: field.text().required().maxlength(100),
  Email: field.email().required().maxlength(320),
  Culture: field.select(cultures.map((culture) => ({ value: culture, label: `Sales.Customers.Cultures.${culture}` }))).required(),
});
