import { defineForm, field } from '../../forms';

/** A code from the authenticator app (six digits) or a recovery code (xxxx-xxxx): sign-in and turning off. */
export const codeForm = defineForm('twofactor-code', {
  Code: field.text().required().regex('^\\s*(\\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})\\s*$', 'Security.TwoFactor.CodeFormat'),
});

/** A code from the authenticator app only: confirming the set-up and issuing new recovery codes. */
export const totpForm = defineForm('twofactor-totp', {
  Code: field.text().required().regex('^\\s*\\d{6}\\s*$', 'Security.TwoFactor.TotpFormat'),
});
