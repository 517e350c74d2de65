import { resetUserAuthenticator } from '@bank/contract/account';
import { modifyProfile, RegisterRequest } from '@bank/contract/registration';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthAt } from './call-form.tsx';

describe('maxLengthAt', () => {
  it("reads a field's length from the contract, through refinements, preprocessing and optional fields", () => {
    expect(maxLengthAt(modifyProfile.request, 'full_name')).toBe(100);
    expect(maxLengthAt(RegisterRequest, 'email')).toBe(254);
    expect(maxLengthAt(RegisterRequest, 'ci_code')).toBe(32);
    expect(maxLengthAt(resetUserAuthenticator.request, 'identity_check')).toBe(500);
  });

  it('walks into arrays by index and answers nothing where no length is set', () => {
    const schema = z.object({ owners: z.array(z.object({ name: z.string().max(60), share: z.number() })) });
    expect(maxLengthAt(schema, 'owners.0.name')).toBe(60);
    expect(maxLengthAt(schema, 'owners.0.share')).toBeUndefined();
    expect(maxLengthAt(schema, 'owners')).toBeUndefined();
    expect(maxLengthAt(schema, 'nobody')).toBeUndefined();
    expect(maxLengthAt(RegisterRequest, 'accept_terms')).toBeUndefined();
  });
});
