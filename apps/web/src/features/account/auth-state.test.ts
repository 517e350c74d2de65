/** Where a complete sign-in lands: back where the user was going, never outside the app. */
import { describe, expect, it } from 'vitest';
import { landingPathAfterSignIn } from './auth-state.ts';

describe('landingPathAfterSignIn', () => {
  it('returns a client to the page they were sent away from, or home', () => {
    expect(landingPathAfterSignIn('/cards?tab=active', false)).toBe('/cards?tab=active');
    expect(landingPathAfterSignIn(undefined, false)).toBe('/');
  });

  it('refuses addresses outside the app and public pages', () => {
    for (const from of ['//evil.example', 'https://evil.example/', 'javascript:alert(1)', '/login', '/reg?x=1']) {
      expect(landingPathAfterSignIn(from, false), from).toBe('/');
    }
  });

  it('lands staff on the back office, or the back-office page they wanted', () => {
    expect(landingPathAfterSignIn('/cards', true)).toBe('/admin');
    expect(landingPathAfterSignIn(undefined, true)).toBe('/admin');
    expect(landingPathAfterSignIn('/admin/audit', true)).toBe('/admin/audit');
  });

  it('does not send a client to the back office', () => {
    expect(landingPathAfterSignIn('/admin/audit', false)).toBe('/');
  });
});
