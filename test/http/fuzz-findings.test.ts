// Inputs the route fuzzer (test/fuzz, docs/testing-fuzz.md) found answering a 500 or logging an
// error, each kept here as a focused test of its fix. The app logs into a list the tests read.
import request from 'supertest';
import { createLogger } from '../../server/logger';
import { useTestApp } from '../support/app';
import { parseHtml } from '../support/html';

const logged: { level: number; msg: string }[] = [];
const logger = createLogger({ LOG_LEVEL: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const testApp = useTestApp({}, { logger });

beforeEach(() => {
  logged.length = 0;
});

const errorsLogged = () => logged.filter((entry) => entry.level >= 50).map((entry) => entry.msg);

/** The whole localised page of the layout (not the error chain's bare fallback, which has no header). */
const isWholePage = (text: string) => parseHtml(text).querySelector('header.site-header') !== null;

describe('a malformed escape in the cart cookie (cart=%FF, cart=%C0%AF, cart=%)', () => {
  it.each(['%FF', '%C0%AF', '%', '%E2%82'])('cart=%s is no cart: the page answers 200', async (value) => {
    const answer = await request(testApp.app).get('/fr/').set('Cookie', `cart=${value}`);
    expect(answer.status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });

  it('the cart page of such a visitor is the empty cart', async () => {
    const answer = await request(testApp.app).get('/fr/shoppingcarts').set('Cookie', 'cart=%C0%AF');
    expect(answer.status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a path opening with two slashes and a non-UTF-8 escape (//%E0%80%AF/catalog)', () => {
  it('is the whole localised 404 page, and the page head is not left unrendered', async () => {
    const answer = await request(testApp.app).get('//%E0%80%AF/catalog');
    expect(answer.status).toBe(404);
    expect(isWholePage(answer.text)).toBe(true);
    expect(errorsLogged()).toEqual([]);
  });
});
