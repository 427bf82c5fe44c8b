import { defineForm, field } from '../forms';

/** The footer's sign-up; its messages keep the newsletter's own wording. */
export const newsletterForm = defineForm('newsletter', {
  Email: field.email().required().maxlength(320).message('required', 'Newsletter.InvalidEmail').message('email', 'Newsletter.InvalidEmail'),
  returnUrl: field.hidden(),
});
