// The account forms, each declared once: the server validates posts with them and the views render
// their data-val-* attributes for jquery-validation (see docs/forms.md).
import { defineForm, field } from '../forms';
import { passwordKindsPattern, passwordMaxLength, passwordMinLength } from './passwords';

const emailMaxLength = 320;
const nameMaxLength = 100;
const policy = 'Security.Password.Policy';

const email = () => field.email().required().maxlength(emailMaxLength);

/** A new password under the policy; `notSameAs` names the form's address field, when it has one. */
function newPassword(notSameAs?: string) {
  const builder = field
    .password()
    .required()
    .minlength(passwordMinLength)
    .message('minlength', policy)
    .maxlength(passwordMaxLength)
    .regex(passwordKindsPattern, policy);
  return notSameAs ? builder.notequalto(notSameAs).message('notequalto', policy) : builder;
}

const confirmation = (of: string) => field.password().required().equalto(of).message('equalto', 'Security.Password.Mismatch');

export const loginForm = defineForm('login', {
  Email: email(),
  Password: field.password().required().maxlength(passwordMaxLength),
  RememberMe: field.checkbox(),
  returnUrl: field.hidden(),
});

export const registerForm = defineForm('register', {
  Email: email(),
  FirstName: field.text().required().maxlength(nameMaxLength),
  LastName: field.text().required().maxlength(nameMaxLength),
  Password: newPassword('Email'),
  ConfirmPassword: confirmation('Password'),
  AcceptTerms: field.checkbox().enforcetrue().message('enforcetrue', 'Security.Register.TermsRequired'),
});

export const forgotPasswordForm = defineForm('forgotpassword', { Email: email() });

export const resetPasswordForm = defineForm('resetpassword', {
  token: field.hidden().required(),
  Password: newPassword(),
  ConfirmPassword: confirmation('Password'),
});

export const changePasswordForm = defineForm('changepassword', {
  OldPassword: field.password().required().maxlength(passwordMaxLength),
  NewPassword: newPassword(),
  ConfirmPassword: confirmation('NewPassword'),
});

export const confirmForm = defineForm('confirm', { token: field.hidden().required() });

/** A new sign-in address for the signed-in account, with its current password (a stolen session is not enough). */
export const changeEmailForm = defineForm('changeemail', {
  Email: email(),
  Password: field.password().required().maxlength(passwordMaxLength),
});

export const confirmEmailChangeForm = defineForm('confirmemailchange', { token: field.hidden().required() });
