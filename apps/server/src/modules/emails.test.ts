/**
 * Every email the server sends, written in each language from the facts its producer supplies: no
 * `{{` left unfilled, no code (snake_case) in what the reader reads, and the Chinese and Japanese
 * ones not in English. Each builder's facts are typed, so a producer that leaves one out does not
 * compile; this test proves the catalogue's texts use only the facts each builder supplies.
 */
import { emailCodePurposes, stepUpActions } from '@bank/contract/account';
import { type Language, languages } from '@bank/contract/constants';
import { bankingProducts } from '@bank/contract/contact-requests';
import { accountSecurityChanges } from '@bank/contract/events';
import { describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '../adapters/mail/mailer.ts';
import { codeEmail, emailTime, noticeEmail } from './account/account-emails.ts';
import { alertEmail } from './alerts/emails.ts';
import { cardholderCodeEmail } from './cards/applications/applications.ts';
import { relationshipManagerEmail } from './contact-requests/emails.ts';
import { type KycEmailKind, kycEmail } from './kyc/kyc-emails.ts';
import { invitationEmail } from './team/team-emails.ts';

const to = 'reader@example.com';
const at = new Date('2026-11-28T09:30:00.000Z');
const usdc = (amount: string) => ({ amount, asset: 'USDC' });
const kycKinds: KycEmailKind[] = ['submitted', 'approved', 'rejected', 'returned', 'refused'];

/** Every email of every kind in one language, named for the failure message. */
function everyEmail(language: Language): Array<[string, OutgoingEmail]> {
  return [
    ...emailCodePurposes.map((purpose): [string, OutgoingEmail] => [
      `code ${purpose}`,
      codeEmail(language, to, purpose, '482913'),
    ]),
    ...stepUpActions.map((action): [string, OutgoingEmail] => [
      `step-up code for ${action}`,
      codeEmail(language, to, 'step_up', '482913', action),
    ]),
    ['notice account_exists', noticeEmail(language, to, 'account_exists')],
    ...accountSecurityChanges.map((change): [string, OutgoingEmail] => [
      `notice ${change}`,
      noticeEmail(language, to, change, {
        time: emailTime(at),
        left: 7,
        failures: 5,
        until: emailTime(new Date(at.getTime() + 15 * 60_000)),
        name: 'Work laptop',
      }),
    ]),
    ...kycKinds.map((kind): [string, OutgoingEmail] => [
      `kyc ${kind}`,
      kycEmail(language, to, kind, { companyName: 'Acme Trading Ltd', at, reason: 'The register extract is missing' }),
    ]),
    [
      'kyc approved, company not yet named',
      kycEmail(language, to, 'approved', { companyName: null, at, reason: null }),
    ],
    [
      'team invitation',
      invitationEmail(language, to, {
        company: 'Acme Trading Ltd',
        inviter: 'Ada Lovelace',
        username: 'Grace Hopper',
        link: 'https://bank.example/team_invitation?token=abc',
        expiresAt: at,
      }),
    ],
    ['cardholder code', cardholderCodeEmail(language, to, '482913', 10)],
    ...bankingProducts.map((product): [string, OutgoingEmail] => [
      `relationship manager ${product}`,
      relationshipManagerEmail(language, to, { company: 'Acme Trading Ltd', product, at }),
    ]),
    [
      'alert balance below',
      alertEmail(language, to, { kind: 'balance_below', threshold: usdc('10000'), available: usdc('9500.25') }, at),
    ],
    [
      'alert payout above',
      alertEmail(
        language,
        to,
        { kind: 'payout_above', amount: usdc('25000'), threshold: usdc('20000'), destination: 'Acme Supplies Ltd' },
        at,
      ),
    ],
    [
      'alert card purchase above',
      alertEmail(
        language,
        to,
        {
          kind: 'card_purchase_above',
          amount: { amount: '820.4', asset: 'USD' },
          threshold: { amount: '500', asset: 'USD' },
          merchant: 'Skyline Airways',
          last4: '4242',
        },
        at,
      ),
    ],
    [
      'alert new device sign-in',
      alertEmail(language, to, { kind: 'new_device_sign_in', device: 'Firefox on Windows', ip: '203.0.113.7' }, at),
    ],
    [
      'alert new device sign-in, address unknown',
      alertEmail(language, to, { kind: 'new_device_sign_in', device: 'Firefox on Windows', ip: null }, at),
    ],
  ];
}

/** What the reader reads: the subject and the plain text, links aside (a path may hold an underscore). */
function readText(email: OutgoingEmail): string {
  return `${email.subject}\n${email.text}`.replace(/https?:\/\/\S+/g, '');
}

describe('every email, in every language', () => {
  it.each(languages)('in %s: every fact filled, no code, a subject and a body', (language) => {
    const faults: string[] = [];
    for (const [name, email] of everyEmail(language)) {
      const text = readText(email);
      if (text.includes('{{') || email.html.includes('{{')) faults.push(`${name}: an unfilled placeholder`);
      const code = /\b[a-z]+_[a-z_]+\b/.exec(text);
      if (code) faults.push(`${name}: the code "${code[0]}"`);
      if (!email.subject.trim() || !email.text.trim()) faults.push(`${name}: empty`);
      if (email.to !== to) faults.push(`${name}: sent to ${email.to}`);
    }
    expect(faults).toEqual([]);
  });

  it.each(['ch', 'jp'] as const)('in %s: none reads as its English one', (language) => {
    const english = new Map(everyEmail('en'));
    const same = everyEmail(language)
      .filter(([name, email]) => email.subject === english.get(name)?.subject || email.text === english.get(name)?.text)
      .map(([name]) => name);
    expect(same).toEqual([]);
  });

  it('names the action a step-up code confirms, and the facts a notice carries', () => {
    expect(codeEmail('en', to, 'step_up', '482913', 'payout').subject).toBe('Your code to confirm a payout');
    const used = noticeEmail('en', to, 'recovery_code_used', {
      time: emailTime(at),
      left: 7,
      failures: 0,
      until: '',
      name: '',
    });
    expect(used.text).toContain('7');
    expect(used.text).toContain('2026-11-28 09:30 UTC');
  });
});
