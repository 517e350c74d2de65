/**
 * The server's KYC gate (SPEC.md section 6): every call the contract marks as gated answers
 * 'user is not KYC approved' to a company that is not approved, built or not yet built, and lets an
 * approved company through to the call itself.
 */
import { listedCalls } from '@bank/contract/calls';
import { errorCatalogue } from '@bank/contract/errors';
import { accountKycStatuses } from '@bank/contract/states';
import { translate } from '@bank/i18n/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../platform/test-support.ts';
import { type Client, createKycTestApp, type KycTestApp, newClient, setKycStatus } from './test-support.ts';

let test: KycTestApp;
let client: Client;
const gatedPaths = [...listedCalls.values()].filter((spec) => spec.isKycGated).map((spec) => spec.path);
const notApproved = accountKycStatuses.filter((status) => status !== 'kyc_approved');

beforeAll(async () => {
  test = await createKycTestApp();
  client = await newClient(test);
});

afterAll(async () => {
  await test?.close();
});

describe('the KYC gate', () => {
  it('covers the cards, deposit, withdrawal and dashboard calls', () => {
    expect(gatedPaths.length).toBeGreaterThan(40);
    for (const prefix of ['/api/v1/card/', '/api/v1/deposit/', '/api/v1/withdraw/', '/api/v1/dashboard/block']) {
      expect(
        gatedPaths.some((path) => path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  for (const status of notApproved) {
    it(`refuses every gated call to a company in ${status}`, async () => {
      await setKycStatus(test, client.companyId, status);
      for (const path of gatedPaths) {
        const answer = await call(test, path, {}, { session: client.session, language: 'ch' });
        expect(answer.code, path).toBe(errorCatalogue.kyc_not_approved.code);
        expect(answer.msg, path).toBe(translate('ch', 'errors.kyc_not_approved'));
      }
    });
  }

  it('lets an approved company through every gated call', async () => {
    await setKycStatus(test, client.companyId, 'kyc_approved');
    for (const path of gatedPaths) {
      const answer = await call(test, path, {}, { session: client.session });
      expect(answer.code, path).not.toBe(errorCatalogue.kyc_not_approved.code);
      expect(answer.code, path).not.toBe(errorCatalogue.session_invalid.code);
    }
  });

  it('keeps the calls a new client needs open before approval', async () => {
    await setKycStatus(test, client.companyId, 'not_submitted');
    for (const path of ['/api/v1/account/getUserInfo', '/api/v1/account/kyc/getKycInfo']) {
      expect((await call(test, path, {}, { session: client.session })).code, path).toBe(200);
    }
  });

  it('answers 9400 before the gate to a caller without a session', async () => {
    for (const path of gatedPaths.slice(0, 5)) {
      expect((await call(test, path, {})).code, path).toBe(errorCatalogue.session_invalid.code);
    }
  });
});
