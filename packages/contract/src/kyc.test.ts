import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SaveCompanyRequest, SaveCorporateRequest, SaveOwnershipRequest, totalOwnershipHundredths } from './kyc.ts';
import { fieldMessages } from './validation.ts';

function keysOf(result: { success: boolean; error?: z.ZodError }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(Object.entries(fieldMessages(result.error)).map(([field, ref]) => [field, ref.key]));
}

describe('KYC section saves', () => {
  it('keeps a partial draft but names every missing field when marked complete', () => {
    expect(SaveCompanyRequest.safeParse({ complete: false, data: { company_name: 'Acme' } }).success).toBe(true);
    const keys = keysOf(SaveCompanyRequest.safeParse({ complete: true, data: { company_name: 'Acme' } }));
    expect(keys['data.registered_address']).toBe('validation.required');
    expect(keys['data.document_ids']).toBe('validation.company_profile_required');
    expect(keys['data.top_currencies']).toBe('validation.data_empty');
    expect(keys['data.company_name']).toBeUndefined();
  });

  it('checks formats even in a draft', () => {
    const keys = keysOf(SaveCompanyRequest.safeParse({ complete: false, data: { country: 'XX', website: 'ftp://x' } }));
    expect(keys).toMatchObject({
      'data.country': 'validation.invalid_choice',
      'data.website': 'validation.invalid_format',
    });
  });

  it('asks for a signature on the declaration', () => {
    const keys = keysOf(
      SaveCorporateRequest.safeParse({
        complete: true,
        data: { director_name: 'A', director_designation: 'Director', director_date: '2026-11-01' },
      }),
    );
    expect(keys['data.signature_document_id']).toBe('validation.signature_required');
    expect(keys['data.declarations.not_sanctioned']).toBe('validation.required');
  });

  it('needs a shareholder and refuses more than 100% in total, draft or not', () => {
    expect(keysOf(SaveOwnershipRequest.safeParse({ complete: true, data: {} }))).toMatchObject({
      'data.shareholders': 'validation.shareholder_required',
    });
    const overfull = {
      complete: false,
      data: { shareholders: [{ ownership_percent: '60' }, { ownership_percent: '40.01' }] },
    };
    expect(keysOf(SaveOwnershipRequest.safeParse(overfull))).toEqual({
      'data.shareholders': 'validation.ownership_total',
    });
    expect(totalOwnershipHundredths([{ ownership_percent: '33.33' }, { ownership_percent: '66.67' }])).toBe(100_00);
  });

  it('refuses a sixth shareholder', () => {
    const six = Array.from({ length: 6 }, () => ({ name: 'A' }));
    expect(keysOf(SaveOwnershipRequest.safeParse({ complete: false, data: { shareholders: six } }))).toEqual({
      'data.shareholders': 'validation.too_many',
    });
  });
});
