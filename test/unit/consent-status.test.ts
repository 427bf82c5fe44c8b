import { consentForm, consentStatus } from '../../server/consent/consent';
import { createLocalization } from '../../server/localization/i18n';

const localization = createLocalization('fr');
const stamp = '2026-11-01';
const settings = (preferences: boolean, statistics: boolean, marketing: boolean) => ({ stamp, preferences, statistics, marketing });

describe('the consent status sentence', () => {
  const fr = localization.translator('fr');
  const de = localization.translator('de');

  it('says when nothing was chosen yet', () => {
    expect(consentStatus(fr, 'fr', null)).toBe("Vous n'avez pas encore fait de choix concernant les cookies.");
  });

  it('names the granted categories as a list in the culture', () => {
    expect(consentStatus(fr, 'fr', settings(false, true, true))).toBe('Vous avez accepté ces cookies facultatifs : statistiques et marketing.');
    expect(consentStatus(de, 'de', settings(true, false, true))).toBe('Sie haben diese optionalen Cookies akzeptiert: Präferenzen und Marketing.');
  });

  it('says all or none', () => {
    expect(consentStatus(fr, 'fr', settings(true, true, true))).toBe('Vous avez accepté tous les cookies.');
    expect(consentStatus(de, 'de', settings(false, false, false))).toBe('Sie haben alle optionalen Cookies abgelehnt: Es werden nur notwendige Cookies verwendet.');
  });
});

describe('the no-JS consent form', () => {
  it('reads ticked boxes as true and absent ones as false', () => {
    const parsed = consentForm.parse({ action: 'save', statistics: 'true', returnUrl: '/fr/about', _csrf: 'x' });
    expect(parsed).toEqual({ action: 'save', preferences: false, statistics: true, marketing: false, returnUrl: '/fr/about' });
  });

  it.each([
    [{}],
    [{ action: 'accept-some' }],
    [{ action: 'save', statistics: 'yes' }],
    [{ action: ['save', 'accept-all'] }],
    [{ action: 'save', returnUrl: 'x'.repeat(3000) }],
  ])('refuses %j', (body) => {
    expect(consentForm.safeParse(body).success).toBe(false);
  });
});
