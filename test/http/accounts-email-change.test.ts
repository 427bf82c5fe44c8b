// Issue 28, item 1: a change of e-mail address, by the customer (account/email) or by staff for a customer
// (staff/customers/{id}/edit), takes effect only through the single-use, expiring link mailed to the NEW
// address (account/email/confirm, a plain GET page and form POST: no JavaScript needed); the OLD address
// is told (with the staff member's name when staff asked); until the link is followed the old address
// stays the sign-in address. Every step and every password change is audited; a password change is mailed.
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { type Agent, createAccount, demo, linkIn, settledOutbox, signedIn, visitor, waitForMail } from './accounts-helpers';

const testApp = useTestApp();
const password = 'Changing-Mail-2026';
let counter = 0;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const emailOf = async (userId: number) => (await testApp.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
const auditOf = (userId: number) =>
  testApp.db.selectFrom('audit_log').select(['action', 'actor_id', 'before_json', 'after_json']).where('entity', '=', 'user').where('entity_id', '=', String(userId)).orderBy('id').execute();

async function newCustomer() {
  const email = `mover-${++counter}-${Date.now()}@example.com`;
  return { email, password, userId: await createAccount(testApp, { email, password }) };
}

/** Whether the address and password sign in (303) or are refused (the login form again). */
async function signsIn(email: string): Promise<boolean> {
  const { agent, token } = await visitor(testApp, '/fr/security/login');
  return (await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: email, Password: password })).status === 303;
}

/** Opens the emailed link (GET: a page with a button) and presses the button (a plain form POST). */
async function followLink(agent: Agent, link: string) {
  const page = parseHtml((await agent.get(link)).text);
  const token = page.querySelector('form.emailconfirm-form input[name=token]')?.getAttribute('value') ?? '';
  return agent.post('/fr/account/email/confirm').type('form').send({ _csrf: csrfTokenOf(page), token });
}

async function staffChangesEmail(customer: { userId: number; email: string }, newEmail: string) {
  const desk = await signedIn(testApp, demo.staff);
  const token = csrfTokenOf(parseHtml((await desk.agent.get(`/fr/staff/customers/${customer.userId}/edit`)).text));
  const answer = await desk.agent.post(`/fr/staff/customers/${customer.userId}/edit`).type('form').send({ _csrf: token, FirstName: 'Test', LastName: 'Account', Email: newEmail, Culture: 'fr' });
  return { answer, desk };
}

describe('staff change a customer e-mail', () => {
  test('the old address is told who asked, the new one gets the link, the change waits for it; single-use; audited', async () => {
    const customer = await newCustomer();
    const newEmail = `moved-${counter}@example.net`;
    const seen = (await settledOutbox(testApp)).length;
    const { answer, desk } = await staffChangesEmail(customer, newEmail);
    expect(answer.status).toBe(303);
    const page = parseHtml((await desk.agent.get(answer.headers.location)).text);
    expect(textOf(page, '.flash-success')).toBe(fill(resource('fr', 'Sales.Customers.EmailChangeSent'), { email: newEmail }));
    expect(textOf(page, '.staff-customer-email')).toBe(customer.email);
    // The old address: told, with the staff member's name; the new one: the link.
    const notice = await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Security.Mail.EmailChangeRequestedByStaff.Subject'), seen });
    expect(notice.text).toContain('Sander Peeters');
    expect(notice.text).toContain(newEmail);
    const confirmation = await waitForMail(testApp, { to: newEmail, subject: resource('fr', 'Security.Mail.ConfirmEmailChange.Subject'), seen });
    const link = linkIn(confirmation, 'account/email/confirm');
    expect(link).toMatch(/^\/fr\/account\/email\/confirm\?token=[\w-]{43}$/);
    // Until the link is followed: the old address signs in, the new one does not; opening the link (GET) changes nothing.
    expect(await emailOf(customer.userId)).toBe(customer.email);
    expect(await signsIn(newEmail)).toBe(false);
    expect(await signsIn(customer.email)).toBe(true);
    const anonymous = await visitor(testApp, '/fr/');
    expect((await anonymous.agent.get(link)).status).toBe(200);
    expect(await emailOf(customer.userId)).toBe(customer.email);
    // The button: the change is made (no JavaScript, no session needed), then the link is used up.
    const done = await followLink(anonymous.agent, link);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/fr/security/login');
    expect(textOf(parseHtml((await anonymous.agent.get(done.headers.location)).text), '.flash-success')).toBe(fill(resource('fr', 'Security.ChangeEmail.Confirmed'), { email: newEmail }));
    expect(await emailOf(customer.userId)).toBe(newEmail);
    expect(await signsIn(newEmail)).toBe(true);
    expect(await signsIn(customer.email)).toBe(false);
    const again = await anonymous.agent.get(link);
    expect(again.status).toBe(400);
    expect(textOf(parseHtml(again.text), '.form-error')).toBe(resource('fr', 'Security.Link.Used'));
    const staffId = (await testApp.db.selectFrom('users').select('id').where('email', '=', demo.staff.email).executeTakeFirstOrThrow()).id;
    expect((await auditOf(customer.userId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['account.email-change-requested', staffId],
      ['account.email-change-confirmed', customer.userId],
    ]);
    const edit = await testApp.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_json']).where('entity', '=', 'customer').where('entity_id', '=', String(customer.userId)).execute();
    expect(edit).toHaveLength(1);
    expect(edit[0]).toMatchObject({ action: 'customer.edit', actor_id: staffId });
    expect(JSON.parse(edit[0].after_json!)).toMatchObject({ email: customer.email, emailRequested: newEmail });
  });

  test('an expired link is refused with a localised message and changes nothing; a newer request retires the older link', async () => {
    const customer = await newCustomer();
    const seen = (await settledOutbox(testApp)).length;
    await staffChangesEmail(customer, `first-${counter}@example.net`);
    const first = linkIn(await waitForMail(testApp, { to: `first-${counter}@example.net`, subject: resource('fr', 'Security.Mail.ConfirmEmailChange.Subject'), seen }), 'account/email/confirm');
    await staffChangesEmail(customer, `second-${counter}@example.net`);
    const second = linkIn(await waitForMail(testApp, { to: `second-${counter}@example.net`, subject: resource('fr', 'Security.Mail.ConfirmEmailChange.Subject'), seen }), 'account/email/confirm');
    const anonymous = await visitor(testApp, '/fr/');
    const retired = await anonymous.agent.get(first);
    expect(retired.status).toBe(400);
    expect(textOf(parseHtml(retired.text), '.form-error')).toBe(resource('fr', 'Security.Link.Used'));
    await testApp.db.updateTable('email_changes').set({ expires_at: Date.now() - 1 }).where('user_id', '=', customer.userId).where('used_at', 'is', null).execute();
    const expired = await anonymous.agent.get(second.replace('/fr/', '/de/'));
    expect(expired.status).toBe(400);
    expect(textOf(parseHtml(expired.text), '.form-error')).toBe(resource('de', 'Security.Link.Expired'));
    const token = new URL(second, 'http://localhost').searchParams.get('token')!;
    const post = await anonymous.agent.post('/fr/account/email/confirm').type('form').send({ _csrf: anonymous.token, token });
    expect(post.status).toBe(400);
    expect(textOf(parseHtml(post.text), '.form-error')).toBe(resource('fr', 'Security.Link.Expired'));
    expect(await emailOf(customer.userId)).toBe(customer.email);
    expect((await auditOf(customer.userId)).map((entry) => entry.action)).toEqual(['account.email-change-requested', 'account.email-change-requested']);
  });
});

describe('a customer changes their own e-mail (account/email)', () => {
  test('the current password is asked; the page says a confirmation was sent; the old address is told; the link makes the change', async () => {
    const customer = await newCustomer();
    const session = await signedIn(testApp, customer);
    const form = parseHtml((await session.agent.get('/fr/account/email')).text);
    expect(form.querySelector('form.changeemail-form input[name=Email]')).not.toBeNull();
    const token = csrfTokenOf(form);
    const post = (body: Record<string, string>) => session.agent.post('/fr/account/email').type('form').send({ _csrf: token, ...body });
    const newEmail = `self-${counter}@example.net`;
    const wrong = await post({ Email: newEmail, Password: 'Not-The-Password-1' });
    expect(wrong.status).toBe(400);
    expect(parseHtml(wrong.text).textContent).toContain(resource('fr', 'Security.ChangeEmail.WrongPassword'));
    const same = await post({ Email: customer.email.toUpperCase(), Password: password });
    expect(same.status).toBe(400);
    expect(parseHtml(same.text).textContent).toContain(resource('fr', 'Security.ChangeEmail.Same'));
    expect(await testApp.db.selectFrom('email_changes').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
    const seen = (await settledOutbox(testApp)).length;
    const sent = await post({ Email: newEmail, Password: password });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/fr/account');
    const account = parseHtml((await session.agent.get('/fr/account')).text);
    expect(textOf(account, '.flash-success')).toBe(fill(resource('fr', 'Security.ChangeEmail.Sent'), { email: newEmail, current: customer.email }));
    expect(textOf(account, '.account-email')).toBe(customer.email);
    const notice = await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Security.Mail.EmailChangeRequested.Subject'), seen });
    expect(notice.text).toContain(newEmail);
    const link = linkIn(await waitForMail(testApp, { to: newEmail, subject: resource('fr', 'Security.Mail.ConfirmEmailChange.Subject'), seen }), 'account/email/confirm');
    const done = await followLink(session.agent, link);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/fr/account');
    expect(textOf(parseHtml((await session.agent.get('/fr/account')).text), '.account-email')).toBe(newEmail);
    expect((await auditOf(customer.userId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['account.email-change-requested', customer.userId],
      ['account.email-change-confirmed', customer.userId],
    ]);
  });

  test("another account's address: the same answer (nothing tells it has an account), its holder is told, nothing stored", async () => {
    const customer = await newCustomer();
    const holder = await newCustomer();
    const session = await signedIn(testApp, customer);
    const token = csrfTokenOf(parseHtml((await session.agent.get('/fr/account/email')).text));
    const seen = (await settledOutbox(testApp)).length;
    const answer = await session.agent.post('/fr/account/email').type('form').send({ _csrf: token, Email: holder.email, Password: password });
    expect(answer.status).toBe(303);
    await waitForMail(testApp, { to: holder.email, subject: resource('fr', 'Security.Mail.EmailChangeTaken.Subject'), seen });
    expect(await testApp.db.selectFrom('email_changes').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
    expect(await emailOf(customer.userId)).toBe(customer.email);
    expect(await emailOf(holder.userId)).toBe(holder.email);
  });

  test('a visitor is sent to log in', async () => {
    const anonymous = await visitor(testApp, '/fr/');
    const answer = await anonymous.agent.get('/fr/account/email');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
  });
});

describe('password changes are mailed and audited', () => {
  test('on the change-password page', async () => {
    const customer = await newCustomer();
    const session = await signedIn(testApp, customer);
    const token = csrfTokenOf(parseHtml((await session.agent.get('/fr/security/changepassword')).text));
    const seen = (await settledOutbox(testApp)).length;
    const answer = await session.agent.post('/fr/security/changepassword').type('form').send({ _csrf: token, OldPassword: password, NewPassword: 'Brand-New-Pass-2026', ConfirmPassword: 'Brand-New-Pass-2026' });
    expect(answer.status).toBe(303);
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Security.Mail.PasswordChanged.Subject'), seen });
    expect((await auditOf(customer.userId)).map((entry) => [entry.action, entry.actor_id, entry.after_json])).toEqual([['account.password-changed', customer.userId, JSON.stringify({ via: 'change' })]]);
  });

  test('through a reset link', async () => {
    const customer = await newCustomer();
    const { agent, token } = await visitor(testApp, '/fr/security/forgotpassword');
    const seen = (await settledOutbox(testApp)).length;
    await agent.post('/fr/security/forgotpassword').type('form').send({ _csrf: token, Email: customer.email });
    const link = linkIn(await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Security.Mail.ResetPassword.Subject'), seen }), 'security/resetpassword');
    const resetToken = new URL(link, 'http://localhost').searchParams.get('token')!;
    const answer = await agent.post('/fr/security/resetpassword').type('form').send({ _csrf: token, token: resetToken, Password: 'Reset-New-Pass-2026', ConfirmPassword: 'Reset-New-Pass-2026' });
    expect(answer.status).toBe(303);
    await waitForMail(testApp, { to: customer.email, subject: resource('fr', 'Security.Mail.PasswordChanged.Subject'), seen });
    expect((await auditOf(customer.userId)).map((entry) => [entry.action, entry.after_json])).toEqual([['account.password-changed', JSON.stringify({ via: 'reset' })]]);
  });
});
