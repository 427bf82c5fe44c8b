// The EU VIES VAT number service behind an interface: tests and offline set-ups use another
// implementation (app.locals.vies); the default calls the VIES REST API with a short timeout.

/** true: registered; false: VIES says not valid; null: the service could not answer. */
export interface ViesClient {
  check(countryCode: string, vatNumber: string): Promise<boolean | null>;
}

const endpoint = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';
export const viesTimeoutMs = 3000;

/** VIES calls Greece "EL". */
const viesCountry = (code: string) => (code === 'GR' ? 'EL' : code);

export function httpVies({ url = endpoint, timeoutMs = viesTimeoutMs }: { url?: string; timeoutMs?: number } = {}): ViesClient {
  return {
    async check(countryCode, vatNumber) {
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ countryCode: viesCountry(countryCode), vatNumber }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!answer.ok) return null;
        const body = (await answer.json()) as { valid?: unknown; userError?: unknown };
        // userError other than VALID / INVALID (MS_UNAVAILABLE, TIMEOUT, ...) means "could not check".
        if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError)) return null;
        return typeof body.valid === 'boolean' ? body.valid : null;
      } catch {
        return null;
      }
    },
  };
}

/** Answers of the last hour, so the check field and the checkout post do not ask VIES twice. */
export function cachedVies(inner: ViesClient, ttlMs = 60 * 60_000): ViesClient {
  const kept = new Map<string, { value: boolean; at: number }>();
  return {
    async check(countryCode, vatNumber) {
      const key = `${countryCode}:${vatNumber}`;
      const hit = kept.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = await inner.check(countryCode, vatNumber);
      if (value !== null) {
        if (kept.size > 5000) kept.clear();
        kept.set(key, { value, at: Date.now() });
      }
      return value;
    },
  };
}
