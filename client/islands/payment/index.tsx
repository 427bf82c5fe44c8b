// The card drop-in (React island): mounted by client/behaviours/payment.ts on the payment page only, fed
// from the page's JSON data (environment, client key, session id, session data, redirect result). Card
// holder name and billing address are required; an invalid form scrolls to the top, a valid one shows
// the button loading and pays through the sandbox provider, which answers where to go next.
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface PageData {
  environment: string;
  clientKey: string;
  sessionId: string;
  sessionData: string;
  redirectResult: string;
  payUrl: string;
  returnUrl: string;
  labels: Record<string, string>;
  billing: Record<string, string>;
  /** The shop's countries (ISO code, name in the culture): the billing country is one of them. */
  countries: { value: string; label: string }[];
  chooseCountry: string;
}

const CARD_FIELDS = ['CardNumber', 'ExpiryDate', 'Cvc', 'HolderName'] as const;
const BILLING_FIELDS = ['BillingStreet', 'BillingPostalCode', 'BillingCity', 'BillingCountry'] as const;
type FieldName = (typeof CARD_FIELDS)[number] | (typeof BILLING_FIELDS)[number];

const AUTOCOMPLETE: Record<FieldName, string> = {
  CardNumber: 'cc-number', ExpiryDate: 'cc-exp', Cvc: 'cc-csc', HolderName: 'cc-name',
  BillingStreet: 'billing street-address', BillingPostalCode: 'billing postal-code', BillingCity: 'billing address-level2', BillingCountry: 'billing country',
};

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name=csrf-token]')?.content ?? '';
}

export function DropIn({ data }: { data: PageData }) {
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    CardNumber: '', ExpiryDate: '', Cvc: '',
    HolderName: data.billing.HolderName ?? '', BillingStreet: data.billing.BillingStreet ?? '', BillingPostalCode: data.billing.BillingPostalCode ?? '',
    BillingCity: data.billing.BillingCity ?? '', BillingCountry: data.billing.BillingCountry ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState('');

  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of [...CARD_FIELDS, ...BILLING_FIELDS]) if (!values[name].trim()) found[name] = data.labels.Required;
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    setLoading(true);
    setFailure('');
    try {
      const response = await fetch(data.payUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken(), 'HX-Request': 'true' },
        body: JSON.stringify({ sessionId: data.sessionId, sessionData: data.sessionData, returnUrl: data.returnUrl, ...values }),
      });
      const answer = (await response.json()) as { action?: { url: string }; Errors?: { Field: FieldName; Message: string }[]; Message?: string };
      if (response.ok && answer.action?.url) return void location.assign(answer.action.url);
      setErrors(Object.fromEntries((answer.Errors ?? []).map((error) => [error.Field, error.Message])));
      setFailure(answer.Message ?? data.labels.Error);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      setFailure(data.labels.Error);
    }
    setLoading(false);
  };

  const field = (name: FieldName) => (
    <div className={`form-field${errors[name] ? ' has-error' : ''}`} key={name}>
      <label htmlFor={`drop-in-${name}`}>{data.labels[name]}</label>
      {name === 'BillingCountry' ? (
        <select
          id={`drop-in-${name}`}
          name={name}
          value={values[name]}
          autoComplete={AUTOCOMPLETE[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `drop-in-${name}-error` : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        >
          <option value="">{data.chooseCountry}</option>
          {(data.countries ?? []).map((country) => <option key={country.value} value={country.value}>{country.label}</option>)}
        </select>
      ) : (
        <input
          id={`drop-in-${name}`}
          name={name}
          value={values[name]}
          autoComplete={AUTOCOMPLETE[name]}
          inputMode={name === 'CardNumber' || name === 'Cvc' ? 'numeric' : undefined}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `drop-in-${name}-error` : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
      {errors[name] ? <span className="field-error" id={`drop-in-${name}-error`}>{errors[name]}</span> : null}
    </div>
  );

  return (
    <form className="payment-form drop-in" data-environment={data.environment} data-client-key={data.clientKey} onSubmit={submit} noValidate>
      {failure ? <p className="notice error" role="alert">{failure}</p> : null}
      {CARD_FIELDS.map(field)}
      <fieldset>
        <legend>{data.labels.BillingAddress}</legend>
        {BILLING_FIELDS.map(field)}
      </fieldset>
      <button type="submit" className={`button button-primary${loading ? ' loading' : ''}`} aria-busy={loading} disabled={loading} data-drop-in-submit>
        {loading ? data.labels.Loading : data.labels.Pay}
      </button>
    </form>
  );
}

export function mount(element: HTMLElement, dataElement: HTMLScriptElement): void {
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  element.replaceChildren();
  createRoot(element).render(<DropIn data={data} />);
}
