import {
  chooseConsent,
  consentMaxAgeSeconds,
  needsConsent,
  parseConsent,
  serializeConsent,
} from '../../common/consent-settings';

const stamp = '2026-11-01';
const statisticsOnly = { stamp, preferences: false, statistics: true, marketing: false };

describe('consent cookie value', () => {
  it('serialises the four fields in a fixed order and parses them back', () => {
    const json = serializeConsent({ marketing: false, statistics: true, preferences: false, stamp } as typeof statisticsOnly);
    expect(json).toBe('{"stamp":"2026-11-01","preferences":false,"statistics":true,"marketing":false}');
    expect(parseConsent(json)).toEqual(statisticsOnly);
  });

  it('keeps only the known fields', () => {
    expect(parseConsent(JSON.stringify({ ...statisticsOnly, extra: 1 }))).toEqual(statisticsOnly);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not JSON', '{stamp:'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['without stamp', '{"preferences":true,"statistics":true,"marketing":true}'],
    ['with an empty stamp', '{"stamp":"","preferences":true,"statistics":true,"marketing":true}'],
    ['with a missing category', '{"stamp":"2026-11-01","preferences":true,"statistics":true}'],
    ['with a string for a boolean', '{"stamp":"2026-11-01","preferences":"true","statistics":true,"marketing":true}'],
  ])('is not a setting when %s', (_case, json) => {
    expect(parseConsent(json)).toBeNull();
  });

  it('lives one year (8760 hours)', () => {
    expect(consentMaxAgeSeconds).toBe(31_536_000);
  });
});

describe('whether the banner shows', () => {
  it('shows without a cookie', () => expect(needsConsent(undefined, stamp)).toBe(true));
  it('shows when the cookie is not JSON', () => expect(needsConsent('not json', stamp)).toBe(true));
  it('shows again when the cookie answered an older stamp', () => {
    expect(needsConsent(serializeConsent({ ...statisticsOnly, stamp: '2025-01-01' }), stamp)).toBe(true);
  });
  it('hides when the cookie answers the current stamp, whatever was chosen', () => {
    expect(needsConsent(serializeConsent(statisticsOnly), stamp)).toBe(false);
    expect(needsConsent(serializeConsent(chooseConsent('decline-all', stamp)), stamp)).toBe(false);
  });
});

describe('choosing', () => {
  it('accept all grants every category, decline all none', () => {
    expect(chooseConsent('accept-all', stamp, { statistics: false })).toEqual({ stamp, preferences: true, statistics: true, marketing: true });
    expect(chooseConsent('decline-all', stamp, { statistics: true })).toEqual({ stamp, preferences: false, statistics: false, marketing: false });
  });

  it('save stores exactly the chosen categories', () => {
    expect(chooseConsent('save', stamp, { statistics: true })).toEqual(statisticsOnly);
    expect(chooseConsent('save', stamp, {})).toEqual({ stamp, preferences: false, statistics: false, marketing: false });
  });
});
