import request from 'supertest';
import { hashRecoveryCode } from '../../server/accounts/two-factor/recovery-codes';
import { verifySecondFactor } from '../../server/accounts/two-factor/service';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, type Html, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { createAccount, createTwoFactorAccount, currentCode, submitTwoFactorCode, type TestAccount } from '../support/two-factor';

const testApp = useTestApp();

type Agent = ReturnType<typeof request.agent>;

async function visitor(path = '/fr/security/login'): Promise<{ agent: Agent; token: string }> {
  const agent = request.agent(testApp.app);
  const page = await agent.get(path);
  return { agent, token: csrfTokenOf(parseHtml(page.text)) };
}

function postPassword(agent: Agent, token: string, account: TestAccount, returnUrl = '/fr/about', culture = 'fr') {
  return agent.post(`/${culture}/security/login`).type('form').send({ _csrf: token, Email: account.email, Password: account.password, returnUrl });
}

/** Signed in: with two-factor on, the password leads to the code step; the code is the caller's to give. */
async function signedIn(account: TestAccount): Promise<{ agent: Agent; token: string }> {
  const session = await visitor();
  const answer = await postPassword(session.agent, session.token, account);
  expect(answer.status).toBe(303);
  return session;
}

const postCode = (agent: Agent, token: string, path: string, Code: string) => agent.post(path).type('form').send({ _csrf: token, Code });
const html = (answer: { text: string }): Html => parseHtml(answer.text);
/** The message at the code field (required, format). */
const codeError = (answer: { text: string }) => textOf(html(answer), '#two-factor-code-error');
/** The message above the form about a refused code (wrong, used, too many tries). */
const refusal = (answer: { text: string }) => textOf(html(answer), '.two-factor-form .form-error');
const fr = (key: string) => resource('fr', `Security.TwoFactor.${key}`);

/** Signed in or not, as the two-factor home tells: a visitor's page load is sent to the login page. */
async function isSignedIn(agent: Agent): Promise<boolean> {
  const answer = await agent.get('/fr/security/twofactor');
  if (answer.status === 200) return true;
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent('/fr/security/twofactor')}`);
  return false;
}

const accountRow = (id: number) =>
  testApp.db.selectFrom('users').select(['totp_secret', 'totp_enabled_at', 'totp_last_step']).where('id', '=', id).executeTakeFirstOrThrow();
const recoveryRows = (id: number) => testApp.db.selectFrom('recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', id).execute();

describe('the two-factor home', () => {
  it('sends a visitor to the login page, and answers 401 to an ajax call', async () => {
    expect(await isSignedIn(request.agent(testApp.app))).toBe(false);
    const ajax = await request(testApp.app).get('/fr/security/twofactor').set({ 'HX-Request': 'true', 'HX-Target': 'modal-body' });
    expect(ajax.status).toBe(401);
  });

  it('shows the status and the set-up link, whose page opens in the modal with JS', async () => {
    const { agent } = await signedIn(await createAccount(testApp.db));
    const answer = await agent.get('/fr/security/twofactor');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    // A key, codes or the account's security state: never kept by a cache.
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const page = html(answer);
    expect(attributeOf(page, '.two-factor-status', 'data-two-factor-status')).toBe('off');
    expect(textOf(page, '.two-factor-status')).toBe(fr('StatusDisabled'));
    expect(attributeOf(page, '.two-factor-actions a', 'href')).toBe('/fr/security/twofactor/setup');
    expect(page.querySelector('.two-factor-actions a')!.hasAttribute('data-two-factor-modal')).toBe(true);
    expect(page.querySelector('[data-two-factor-success]')).toBeNull();
  });
});

describe('setting up an authenticator', () => {
  it('shows the QR code of the otpauth address for the account, the key, and keeps the key across reloads', async () => {
    const account = await createAccount(testApp.db);
    const { agent } = await signedIn(account);
    const page = html(await agent.get('/de/security/twofactor/setup'));
    const secret = textOf(page, '[data-two-factor-secret]').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await accountRow(account.id);
    expect(stored).toEqual({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null });
    const uri = new URL(attributeOf(page, 'a.two-factor-app-link', 'href')!);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Maison Storefront:${account.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Maison Storefront');
    const image = attributeOf(page, 'img.two-factor-qr', 'src')!;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(',')[1], 'base64').toString()).toMatch(/^<svg[^>]*viewBox/);
    expect(attributeOf(page, 'img.two-factor-qr', 'alt')).toBe(resource('de', 'Security.TwoFactor.QrCodeAlt').replace('{{email}}', account.email));
    expect(attributeOf(page, '#two-factor-code', 'autocomplete')).toBe('one-time-code');
    expect(page.querySelector('form.two-factor-form')!.hasAttribute('data-ajax-form')).toBe(false);
    const again = html(await agent.get('/de/security/twofactor/setup'));
    expect(textOf(again, '[data-two-factor-secret]').replace(/\s/g, '')).toBe(secret);
  });

  it('refuses a wrong or malformed code with the field message (400) and stays off', async () => {
    const account = await createAccount(testApp.db);
    const { agent, token } = await signedIn(account);
    const secret = textOf(html(await agent.get('/fr/security/twofactor/setup')), '[data-two-factor-secret]').replace(/\s/g, '');
    const wrong = String((Number(currentCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await postCode(agent, token, '/fr/security/twofactor/setup', wrong);
    expect(refused.status).toBe(400);
    expect(refusal(refused)).toBe(fr('InvalidCode'));
    expect(attributeOf(html(refused), '#two-factor-code', 'value')).toBe('');
    const malformed = await postCode(agent, token, '/nl/security/twofactor/setup', 'abcd-efgh');
    expect(malformed.status).toBe(400);
    expect(codeError(malformed)).toBe(resource('nl', 'Security.TwoFactor.TotpFormat'));
    expect((await accountRow(account.id)).totp_enabled_at).toBeNull();
    expect(await recoveryRows(account.id)).toEqual([]);
  });

  it('turns two-factor on with a first good code and shows ten recovery codes once', async () => {
    const account = await createAccount(testApp.db);
    const { agent, token } = await signedIn(account);
    const secret = textOf(html(await agent.get('/fr/security/twofactor/setup')), '[data-two-factor-secret]').replace(/\s/g, '');
    const answer = await postCode(agent, token, '/fr/security/twofactor/setup', currentCode(secret));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/security/twofactor');
    const home = html(await agent.get('/fr/security/twofactor'));
    expect(textOf(home, '[data-two-factor-success] .flash-success')).toBe(fr('EnabledNotice'));
    expect(attributeOf(home, '.two-factor-status', 'data-two-factor-status')).toBe('on');
    const codes = textsOf(home, '#two-factor-recovery-codes code');
    expect(codes).toHaveLength(10);
    const stored = await recoveryRows(account.id);
    expect(stored.map((row) => row.code_hash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(stored.every((row) => row.used_at === null && !codes.includes(row.code_hash))).toBe(true);
    expect(Number((await accountRow(account.id)).totp_enabled_at)).toBeGreaterThan(0);
    const later = html(await agent.get('/fr/security/twofactor'));
    expect(later.querySelector('[data-two-factor-success]')).toBeNull();
    expect(textOf(later, '.two-factor-codes-left')).toBe(fr('RecoveryCodesLeft').replace('{{count}}', '10'));
    const setupAgain = await agent.get('/fr/security/twofactor/setup');
    expect(setupAgain.status).toBe(303);
    expect(setupAgain.headers.location).toBe('/fr/security/twofactor');
  });

  it('answers the page region for the modal, with an ajax form and a back link that stay in the modal', async () => {
    const account = await createAccount(testApp.db);
    const { agent, token } = await signedIn(account);
    const modal = { 'HX-Request': 'true', 'HX-Target': 'modal-body' };
    const answer = await agent.get('/fr/security/twofactor/setup').set(modal);
    expect(answer.status).toBe(200);
    const region = html(answer);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, 'title')).toBe(`${fr('SetupTitle')} | Maison Storefront`);
    expect(attributeOf(region, 'form.two-factor-form', 'data-ajax-form')).toBe('replace');
    expect(attributeOf(region, 'form.two-factor-form', 'data-ajax-target')).toBe('#modal-body');
    expect(attributeOf(region, '.two-factor-back a', 'href')).toBe('/fr/security/twofactor');
    expect(region.querySelector('.two-factor-back a')!.hasAttribute('data-two-factor-modal')).toBe(true);
    const secret = textOf(region, '[data-two-factor-secret]').replace(/\s/g, '');
    const ajax = { ...modal, 'X-CSRF-Token': token };
    const refused = await agent.post('/fr/security/twofactor/setup').set(ajax).type('form').send({ Code: '000000' === currentCode(secret) ? '111111' : '000000' });
    expect(refused.status).toBe(400);
    expect(html(refused).querySelector('html')).toBeNull();
    expect(refusal(refused)).toBe(fr('InvalidCode'));
    // fetch follows the 303 with the same headers: the home then answers its region into the modal.
    const accepted = await agent.post('/fr/security/twofactor/setup').set(ajax).type('form').send({ Code: currentCode(secret) });
    expect(accepted.status).toBe(303);
    const home = await agent.get(accepted.headers.location).set(modal);
    const homeRegion = html(home);
    expect(homeRegion.querySelector('html')).toBeNull();
    expect(homeRegion.querySelector('[data-two-factor-success]')).not.toBeNull();
    expect(textsOf(homeRegion, '#two-factor-recovery-codes code')).toHaveLength(10);
  });

  it('answers 403 without the CSRF token', async () => {
    const { agent } = await signedIn(await createAccount(testApp.db));
    const answer = await agent.post('/fr/security/twofactor/setup').type('form').send({ Code: '123456' });
    expect(answer.status).toBe(403);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password and signs in only with it, back to returnUrl', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent, token } = await visitor();
    const password = await postPassword(agent, token, account, '/fr/legal');
    expect(password.status).toBe(303);
    expect(password.headers.location).toBe('/fr/security/login/twofactor');
    expect(await isSignedIn(agent)).toBe(false);
    const step = html(await agent.get('/fr/security/login/twofactor'));
    expect(textOf(step, 'h1')).toBe(fr('SignInTitle'));
    expect(attributeOf(step, 'form.two-factor-form', 'action')).toBe('/fr/security/login/twofactor');
    expect(attributeOf(step, 'form.two-factor-form', 'data-ajax-target')).toBe('#two-factor-sign-in');
    const answer = await postCode(agent, token, '/fr/security/login/twofactor', currentCode(account.secret));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/legal');
    const home = await agent.get('/fr/security/twofactor');
    expect(home.status).toBe(200);
    expect(attributeOf(html(home), '.two-factor-status', 'data-two-factor-status')).toBe('on');
  });

  it('refuses a wrong code (400, localised) and a code already used', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const code = currentCode(account.secret);
    const first = await signedIn(account);
    expect((await postCode(first.agent, first.token, '/fr/security/login/twofactor', code)).status).toBe(303);
    const second = await signedIn(account);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await postCode(second.agent, second.token, '/de/security/login/twofactor', wrong);
    expect(refused.status).toBe(400);
    expect(refusal(refused)).toBe(resource('de', 'Security.TwoFactor.InvalidCode'));
    const replayed = await postCode(second.agent, second.token, '/fr/security/login/twofactor', code);
    expect(replayed.status).toBe(400);
    expect(refusal(replayed)).toBe(fr('CodeAlreadyUsed'));
    expect(await isSignedIn(second.agent)).toBe(false);
    // The next step's code (one step of drift ahead) is still good.
    expect((await postCode(second.agent, second.token, '/fr/security/login/twofactor', currentCode(account.secret, 1))).status).toBe(303);
  });

  it('accepts a recovery code once, however it is typed, and says it was used', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const recovery = account.recoveryCodes[3];
    const first = await signedIn(account);
    const typed = ` ${recovery.replace('-', '').toUpperCase()} `;
    const answer = await postCode(first.agent, first.token, '/fr/security/login/twofactor', typed);
    expect(answer.status).toBe(303);
    const page = html(await first.agent.get('/fr/about'));
    expect(textOf(page, '.flash-info')).toBe(fr('RecoveryCodeUsed'));
    const used = (await recoveryRows(account.id)).filter((row) => row.used_at !== null);
    expect(used.map((row) => row.code_hash)).toEqual([hashRecoveryCode(recovery)]);
    const second = await signedIn(account);
    const again = await postCode(second.agent, second.token, '/fr/security/login/twofactor', recovery);
    expect(again.status).toBe(400);
    expect(refusal(again)).toBe(fr('InvalidCode'));
  });

  it('ends a pending sign-in after five minutes', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent, token } = await signedIn(account);
    const code = currentCode(account.secret);
    const later = Date.now() + 5 * 60_000 + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const answer = await postCode(agent, token, '/fr/security/login/twofactor', code);
      expect(answer.status).toBe(400);
      const page = html(answer);
      expect(textOf(page, '.two-factor-sign-in .flash-error')).toBe(fr('SignInExpired'));
      expect(page.querySelector('form.two-factor-form')).toBeNull();
      expect(attributeOf(page, '.two-factor-sign-in a.button', 'href')).toBe('/fr/security/login');
    } finally {
      clock.mockRestore();
    }
    const step = html(await agent.get('/fr/security/login/twofactor'));
    expect(textOf(step, '.flash-error')).toBe(fr('SignInExpired'));
    expect(await isSignedIn(agent)).toBe(false);
  });

  it('asks for the password again after five wrong codes', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent, token } = await signedIn(account);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(refusal(await postCode(agent, token, '/fr/security/login/twofactor', 'zzzz-zzzz'))).toBe(fr('InvalidCode'));
    }
    const fifth = await postCode(agent, token, '/fr/security/login/twofactor', 'zzzz-zzzz');
    expect(fifth.status).toBe(400);
    expect(textOf(html(fifth), '.flash-error')).toBe(fr('TooManyAttempts'));
    const step = html(await agent.get('/fr/security/login/twofactor'));
    expect(textOf(step, '.flash-error')).toBe(fr('SignInExpired'));
    expect(await isSignedIn(agent)).toBe(false);
  });

  /** A sign-in from a client address up to the code step; wrong codes given there, each refused (400). */
  async function wrongCodesFrom(address: string, account: TestAccount, wrongCodes: number) {
    const session = await visitor();
    const password = await postPassword(session.agent, session.token, account).set('X-Forwarded-For', address);
    expect(password.headers.location).toBe('/fr/security/login/twofactor');
    for (let attempt = 0; attempt < wrongCodes; attempt++) {
      expect((await postCode(session.agent, session.token, '/fr/security/login/twofactor', 'zzzz-zzzz').set('X-Forwarded-For', address)).status).toBe(400);
    }
    return session;
  }

  const goodCodeFrom = async (address: string, account: Required<TestAccount>, session?: { agent: Agent; token: string }) => {
    const { agent, token } = session ?? (await wrongCodesFrom(address, account, 0));
    return postCode(agent, token, '/fr/security/login/twofactor', currentCode(account.secret)).set('X-Forwarded-For', address);
  };

  it('sends a session back to the password after five wrong codes, and leaves the owner elsewhere alone', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const session = await wrongCodesFrom('203.0.113.41', account, 4);
    const fifth = await postCode(session.agent, session.token, '/fr/security/login/twofactor', 'zzzz-zzzz').set('X-Forwarded-For', '203.0.113.41');
    expect(textOf(html(fifth), '.flash-error')).toBe(fr('TooManyAttempts'));
    expect(textOf(html(await goodCodeFrom('203.0.113.41', account, session)), '.flash-error')).toBe(fr('SignInExpired'));
    expect((await goodCodeFrom('198.51.100.41', account)).status).toBe(303);
  });

  it('locks the code step of an account for one client address after ten wrong codes, while the owner elsewhere signs in', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    for (const wrongCodes of [4, 4, 2]) await wrongCodesFrom('203.0.113.42', account, wrongCodes);
    const locked = await goodCodeFrom('203.0.113.42', account);
    expect(locked.status).toBe(429);
    expect(refusal(locked)).toBe(resource('fr', 'Core.TooManyRequests'));
    const { agent, token } = await wrongCodesFrom('203.0.113.42', account, 0);
    const ajax = await agent
      .post('/fr/security/login/twofactor')
      .set({ 'HX-Request': 'true', 'HX-Target': 'two-factor-sign-in', 'X-CSRF-Token': token, 'X-Forwarded-For': '203.0.113.42' })
      .type('form')
      .send({ Code: '123456' });
    expect(ajax.status).toBe(429);
    expect(refusal(ajax)).toBe(resource('fr', 'Core.TooManyRequests'));
    expect((await goodCodeFrom('198.51.100.42', account)).status).toBe(303);
  });

  it('locks every code form of the account only after fifty wrong codes from several addresses', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    for (let address = 1; address <= 5; address++) {
      for (const wrongCodes of [4, 4, 2]) await wrongCodesFrom(`192.0.2.${address}`, account, wrongCodes);
    }
    const locked = await goodCodeFrom('198.51.100.43', account);
    expect(locked.status).toBe(429);
    expect(refusal(locked)).toBe(resource('fr', 'Core.TooManyRequests'));
    const other = await createTwoFactorAccount(testApp.db);
    expect((await goodCodeFrom('198.51.100.43', other)).status).toBe(303);
  }, 60_000);

  it('tells the ajax form to load the return page whole, and keeps returnUrl on this site', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent, token } = await visitor();
    await postPassword(agent, token, account, '//evil.example/');
    const answer = await submitTwoFactorCode(agent, token, account.secret);
    expect(answer.status).toBe(200);
    expect(answer.headers['hx-redirect']).toBe('/fr/');
  });

  it('answers 403 without the CSRF token and keeps the sign-in pending', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const { agent } = await signedIn(account);
    const answer = await agent.post('/fr/security/login/twofactor').type('form').send({ Code: currentCode(account.secret) });
    expect(answer.status).toBe(403);
    expect(html(await agent.get('/fr/security/login/twofactor')).querySelector('form.two-factor-form')).not.toBeNull();
  });

  it('shows that no sign-in is waiting when the step is opened without one', async () => {
    const answer = await request(testApp.app).get('/it/security/login/twofactor');
    expect(answer.status).toBe(200);
    expect(textOf(html(answer), '.flash-error')).toBe(resource('it', 'Security.TwoFactor.SignInExpired'));
  });
});

describe('recovery codes and turning two-factor off', () => {
  async function signedInWithTwoFactor() {
    const account = await createTwoFactorAccount(testApp.db);
    const session = await signedIn(account);
    expect((await postCode(session.agent, session.token, '/fr/security/login/twofactor', currentCode(account.secret))).status).toBe(303);
    return { account, ...session };
  }

  it('issues ten new recovery codes for a current authenticator code only; the old ones stop working', async () => {
    const { account, agent, token } = await signedInWithTwoFactor();
    const page = html(await agent.get('/fr/security/twofactor/recoverycodes'));
    expect(textOf(page, '.two-factor-codes-left')).toBe(fr('RecoveryCodesLeft').replace('{{count}}', '10'));
    const withRecovery = await postCode(agent, token, '/fr/security/twofactor/recoverycodes', account.recoveryCodes[0]);
    expect(withRecovery.status).toBe(400);
    expect(codeError(withRecovery)).toBe(fr('TotpFormat'));
    const reused = await postCode(agent, token, '/fr/security/twofactor/recoverycodes', currentCode(account.secret));
    expect(reused.status).toBe(400);
    expect(refusal(reused)).toBe(fr('CodeAlreadyUsed'));
    const answer = await postCode(agent, token, '/fr/security/twofactor/recoverycodes', currentCode(account.secret, 1));
    expect(answer.status).toBe(303);
    const home = html(await agent.get('/fr/security/twofactor'));
    expect(textOf(home, '[data-two-factor-success] .flash-success')).toBe(fr('RecoveryCodesRegenerated'));
    const fresh = textsOf(home, '#two-factor-recovery-codes code');
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => account.recoveryCodes.includes(code))).toBe(false);
    const old = await verifySecondFactor(testApp.db, { userId: account.id, code: account.recoveryCodes[1], now: Date.now() });
    expect(old).toEqual({ ok: false, reason: 'invalid' });
  });

  it('turns two-factor off with a recovery code: secret and codes are gone, sign-in needs the password only', async () => {
    const { account, agent, token } = await signedInWithTwoFactor();
    const page = html(await agent.get('/fr/security/twofactor/disable'));
    expect(textOf(page, 'h1')).toBe(fr('DisableTitle'));
    expect((await postCode(agent, token, '/fr/security/twofactor/disable', 'zzzz-zzzz')).status).toBe(400);
    const answer = await postCode(agent, token, '/fr/security/twofactor/disable', account.recoveryCodes[5]);
    expect(answer.status).toBe(303);
    const home = html(await agent.get('/fr/security/twofactor'));
    expect(textOf(home, '[data-two-factor-success] .flash-success')).toBe(fr('DisabledNotice'));
    expect(attributeOf(home, '.two-factor-status', 'data-two-factor-status')).toBe('off');
    expect(await accountRow(account.id)).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(await recoveryRows(account.id)).toEqual([]);
    expect((await agent.get('/fr/security/twofactor/disable')).headers.location).toBe('/fr/security/twofactor');
    const next = await visitor();
    const password = await postPassword(next.agent, next.token, account, '/fr/legal');
    expect(password.headers.location).toBe('/fr/legal');
  });
});

describe('a code is accepted once, even when posted twice at the same moment', () => {
  it('lets one of two concurrent uses of an authenticator code through', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const input = { userId: account.id, code: currentCode(account.secret), now: Date.now() };
    const results = await Promise.all([verifySecondFactor(testApp.db, input), verifySecondFactor(testApp.db, input)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results).toContainEqual({ ok: false, reason: 'reused' });
  });

  it('lets one of two concurrent uses of a recovery code through', async () => {
    const account = await createTwoFactorAccount(testApp.db);
    const input = { userId: account.id, code: account.recoveryCodes[0], now: Date.now() };
    const results = await Promise.all([verifySecondFactor(testApp.db, input), verifySecondFactor(testApp.db, input)]);
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, method: 'recovery', sessionVersion: 1 }]);
  });
});
