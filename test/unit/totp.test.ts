import { Secret } from 'otpauth';
import { hashRecoveryCode, isTotpCode, newRecoveryCodes, normaliseRecoveryCode } from '../../server/accounts/two-factor/recovery-codes';
import { groupedSecret, matchingTotpStep, newTotpSecret, totpCode, totpStep, totpUri } from '../../server/accounts/two-factor/totp';

// RFC 6238 appendix B: the SHA1 key is the ASCII string "12345678901234567890".
const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('keeps the RFC key in base32 as stored', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each(rfcVectors)('at %i s gives the RFC test vector %s (8 digits, SHA1)', (seconds, expected) => {
    expect(totpCode({ secret: rfcSecret, now: seconds * 1000, digits: 8 })).toBe(expected);
  });

  it('gives the last six digits of the RFC vector with the six digits authenticators show', () => {
    expect(totpCode({ secret: rfcSecret, now: 59_000 })).toBe('287082');
    expect(totpCode({ secret: rfcSecret, now: 1_111_111_109_000 })).toBe('081804');
  });

  it('counts 30-second steps from the epoch', () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(1_111_111_109_000)).toBe(37_037_036);
  });
});

describe('matching a typed code to its time step', () => {
  // A fixed secret and instant, so the codes around it are known to differ from each other.
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const now = 1_700_000_015_000;
  const step = totpStep(now);
  const codeOfStep = (offset: number) => totpCode({ secret, now: now + offset * 30_000 });

  it('accepts the current step and one step of drift either way', () => {
    expect(matchingTotpStep({ secret, code: codeOfStep(0), now })).toBe(step);
    expect(matchingTotpStep({ secret, code: codeOfStep(-1), now })).toBe(step - 1);
    expect(matchingTotpStep({ secret, code: codeOfStep(1), now })).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and malformed codes', () => {
    const wrong = String((Number(codeOfStep(0)) + 1) % 1_000_000).padStart(6, '0');
    expect(new Set([-2, -1, 0, 1, 2].map(codeOfStep).concat(wrong)).size).toBe(6);
    expect(matchingTotpStep({ secret, code: codeOfStep(-2), now })).toBeNull();
    expect(matchingTotpStep({ secret, code: codeOfStep(2), now })).toBeNull();
    expect(matchingTotpStep({ secret, code: wrong, now })).toBeNull();
    expect(matchingTotpStep({ secret, code: '12345', now })).toBeNull();
    expect(matchingTotpStep({ secret, code: '', now })).toBeNull();
  });

  it('lets a replay be told apart: the same code maps to the same step, so a step guard refuses it', () => {
    const code = codeOfStep(0);
    const first = matchingTotpStep({ secret, code, now });
    const again = matchingTotpStep({ secret, code, now: now + 10_000 });
    expect(again).toBe(first);
  });

  it('makes a 160-bit base32 secret and an otpauth URI for the account address', () => {
    const fresh = newTotpSecret();
    expect(fresh).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(fresh);
    const uri = new URL(totpUri({ secret, account: 'anna@example.org', issuer: 'Maison Storefront' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Maison Storefront:anna@example.org');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Maison Storefront');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('recovery codes', () => {
  it('issues ten distinct codes of two groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  it('hashes a code the same whatever its case, spaces or dash', () => {
    expect(normaliseRecoveryCode(' AbCd-eFgH ')).toBe('abcdefgh');
    expect(hashRecoveryCode('abcd-efgh')).toBe(hashRecoveryCode('ABCDEFGH'));
    expect(hashRecoveryCode('abcd-efgh')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('abcd-efgh')).not.toBe(hashRecoveryCode('abcd-efgj'));
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode(' 123456 ')).toBe(true);
    expect(isTotpCode('2345-6789')).toBe(false);
    expect(isTotpCode('abcd-efgh')).toBe(false);
  });
});
