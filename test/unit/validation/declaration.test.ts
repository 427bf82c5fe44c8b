import { defineForm, field } from '../../../server/forms';
import { parseHtml } from '../../support/html';
import { renderField, translator } from './support/render';

const loginForm = defineForm('login', {
  Email: field.email().required().maxlength(320),
  Password: field.password().required().minlength(8),
  Confirm: field.password().equalto('Password'),
  Code: field.text().regex('[A-Z]{3}'),
  RememberMe: field.checkbox(),
  Accept: field.checkbox().enforcetrue(),
  Age: field.integer(),
  returnUrl: field.hidden(),
});

const valid = { Email: ' Ann@Example.com ', Password: 'long enough', Confirm: 'long enough', Code: 'ABC', Accept: 'true', Age: '42', returnUrl: '/fr/' };

describe('defineForm().validate', () => {
  const t = translator('en');

  it('answers typed data: trimmed email, booleans for checkboxes, numbers or null', () => {
    const result = loginForm.validate(valid, t);
    expect(result).toEqual({
      ok: true,
      data: { Email: 'Ann@Example.com', Password: 'long enough', Confirm: 'long enough', Code: 'ABC', RememberMe: false, Accept: true, Age: 42, returnUrl: '/fr/' },
      values: { ...valid, RememberMe: '', Accept: 'true' },
    });
    const empty = loginForm.validate({ ...valid, Age: '' }, t);
    expect(empty.ok && empty.data.Age).toBeNull();
  });

  it('names each bad field with the message of its first failing rule, and keeps what was typed', () => {
    const result = loginForm.validate({ Email: 'not an address', Password: 'short', Confirm: 'other', Code: 'abc', Age: '4.5' }, t);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      Email: 'Please enter a valid email address.',
      Password: 'Please enter at least 8 characters.',
      Confirm: 'Please enter the same value again.',
      Code: 'Invalid format.',
      Accept: 'This field is required.',
      Age: 'A positive or negative non-decimal number please.',
    });
    expect(result.values.Email).toBe('not an address');
  });

  it('runs the required family first and reports the default required message', () => {
    const result = loginForm.validate({}, t);
    expect(!result.ok && result.errors.Email).toBe('This field is required.');
    expect(!result.ok && result.errors.Password).toBe('This field is required.');
  });

  it('reads a ticked checkbox that also posts a hidden false, and ignores unknown body shapes', () => {
    const result = loginForm.validate({ ...valid, RememberMe: ['false', 'true'] }, t);
    expect(result.ok && result.data.RememberMe).toBe(true);
    expect(loginForm.validate(null, t).ok).toBe(false);
    expect(loginForm.validate({ ...valid, Password: { $gt: '' } }, t).ok).toBe(false);
  });

  it('refuses a field posted more than once, with its message at that field, whatever the values', () => {
    for (const Email of [['a@b.eu', 'x'], ['a@b.eu', 'a@b.eu'], ['a@b.eu']]) {
      const result = loginForm.validate({ ...valid, Email }, t);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors).toEqual({ Email: t('Core.RepeatedField') });
    }
  });

  it('translates messages with the locale files and fills in parameters', () => {
    const result = loginForm.validate({ ...valid, Password: 'short' }, translator('fr'));
    expect(!result.ok && result.errors.Password).toBe('Veuillez saisir au moins 8 caractères.');
  });

  it('lets a field use a locale key of its own for one rule', () => {
    const form = defineForm('custom', { Name: field.text().required().message('required', 'Validation.LettersOnly') });
    const result = form.validate({}, translator('de'));
    expect(!result.ok && result.errors.Name).toBe('Geben Sie bitte nur Buchstaben ein.');
  });

  it('refuses a declaration naming a rule that does not exist', () => {
    expect(() => defineForm('broken', { Name: field.text().rule('nosuchrule') })).toThrow(/unknown rule nosuchrule/);
  });
});

describe('defineForm().attributes and the field partial', () => {
  it('carries each rule, its parameters and its localised message as data-val-* attributes', () => {
    const input = parseHtml(`<input ${loginForm.attributes('Email', translator('nl'))}>`).querySelector('input')!;
    expect(input.attributes).toEqual({
      'data-val': 'true',
      'data-val-required': 'Dit is een verplicht veld.',
      'data-val-email': 'Vul hier een geldig e-mailadres in.',
      'data-val-maxlength': 'Vul hier maximaal 320 tekens in.',
      'data-val-maxlength-max': '320',
    });
    expect(loginForm.attributes('RememberMe', translator('nl'))).toBe('');
  });

  it('renders label, control, attributes and the server message linked for assistive technology', () => {
    const html = parseHtml(renderField(loginForm, 'Email', { label: 'E-mail', type: 'email', value: 'a<b', error: 'Bad address' }));
    const input = html.querySelector('input')!;
    expect(html.querySelector('label')!.getAttribute('for')).toBe(input.id);
    expect(input.getAttribute('value')).toBe('a<b');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('data-val-required')).toBe('Ce champ est obligatoire.');
    const message = html.querySelector(`#${input.getAttribute('aria-describedby')}`)!;
    expect([message.textContent, message.getAttribute('data-valmsg-for')]).toEqual(['Bad address', 'Email']);
  });

  it('renders a checkbox ticked from its value and a hidden field without a label', () => {
    const checkbox = parseHtml(renderField(loginForm, 'RememberMe', { label: 'Remember', value: 'true' })).querySelector('input')!;
    expect([checkbox.getAttribute('type'), checkbox.getAttribute('value'), checkbox.hasAttribute('checked')]).toEqual(['checkbox', 'true', true]);
    const hidden = parseHtml(renderField(loginForm, 'returnUrl', { label: '', value: '/fr/' }));
    expect(hidden.querySelectorAll('label')).toHaveLength(0);
    expect(hidden.querySelector('input')!.getAttribute('type')).toBe('hidden');
  });
});
