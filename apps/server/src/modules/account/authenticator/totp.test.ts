import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingTimeStep, newAuthenticatorSecret, otpauthUriOf } from './totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed (ASCII "12345678901234567890") and its 8-digit codes. */
const rfcSeed = new TextEncoder().encode('12345678901234567890');
/** The same seed in Base32, as authenticator apps and our functions take it. */
const rfcSeedBase32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const rfcVectors: readonly [unixSeconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(rfcVectors)('the library gives the RFC code at %i s (SHA-1, 8 digits)', async (unixSeconds, code) => {
    expect(await generate({ secret: rfcSeed, algorithm: 'sha1', digits: 8, period: 30, epoch: unixSeconds })).toBe(
      code,
    );
  });

  it.each(rfcVectors)('our check accepts the 6-digit truncation of the RFC code at %i s', async (unixSeconds, code) => {
    // HOTP truncation is the same number modulo 10^digits: the 6-digit code is the 8-digit one's last 6.
    const step = await matchingTimeStep(rfcSeedBase32, code.slice(-6), new Date(unixSeconds * 1000));
    expect(step).toBe(Math.floor(unixSeconds / 30));
  });

  it('accepts a code one 30 s step either side and refuses two steps away', async () => {
    const secret = newAuthenticatorSecret();
    const now = new Date('2026-03-01T12:00:10Z');
    const at = async (offsetSeconds: number) => generate({ secret, epoch: now.getTime() / 1000 + offsetSeconds });
    const currentStep = Math.floor(now.getTime() / 30_000);
    expect(await matchingTimeStep(secret, await at(0), now)).toBe(currentStep);
    expect(await matchingTimeStep(secret, await at(-30), now)).toBe(currentStep - 1);
    expect(await matchingTimeStep(secret, await at(30), now)).toBe(currentStep + 1);
    expect(await matchingTimeStep(secret, await at(-60), now)).toBeNull();
    expect(await matchingTimeStep(secret, await at(60), now)).toBeNull();
  });

  it('makes 160-bit Base32 secrets and an otpauth URI with issuer and email', () => {
    const secret = newAuthenticatorSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUriOf(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('Bank:ada@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Bank');
  });
});
