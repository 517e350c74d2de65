import { SaveOwnershipRequest } from '@bank/contract/kyc';
import { fieldMessages } from '@bank/contract/validation';
import { describe, expect, it } from 'vitest';
import { dataPath, errorAt, errorsAfterRowRemoved, unplacedErrors, withoutErrorsUnder } from './section-errors.ts';

describe('KYC step field errors', () => {
  it('reads the browser’s check and the server’s answer under the same keys', () => {
    const checked = SaveOwnershipRequest.safeParse({
      complete: true,
      data: { shareholders: [{ name: 'Ada', ownership_percent: '101' }] },
    });
    expect(checked.success).toBe(false);
    const browser = checked.error ? fieldMessages(checked.error) : {};
    expect(errorAt(browser, 'shareholders', 0, 'ownership_percent')).toEqual({ key: 'validation.ownership_range' });
    expect(errorAt(browser, 'shareholders', 0, 'id_number')).toEqual({ key: 'validation.required' });
    const server = { 'data.shareholders.0.id_number': 'Please fill in this field' };
    expect(errorAt(server, 'shareholders', 0, 'id_number')).toBe('Please fill in this field');
    expect(dataPath('shareholders', 0, 'name')).toBe('data.shareholders.0.name');
  });

  it('forgets the errors of a field the user changes, and of what is inside it', () => {
    const errors = { 'data.declarations.not_sanctioned': 'x', 'data.declarations': 'y', 'data.director_name': 'z' };
    expect(withoutErrorsUnder(errors, 'data.declarations')).toEqual({ 'data.director_name': 'z' });
    expect(withoutErrorsUnder(errors, 'data.other')).toBe(errors);
  });

  it('moves the errors of later rows up when a row is removed', () => {
    const errors = {
      'data.shareholders': 'total',
      'data.shareholders.0.name': 'a',
      'data.shareholders.1.name': 'b',
      'data.shareholders.2.id_number': 'c',
      'data.officers.1.name': 'd',
    };
    expect(errorsAfterRowRemoved(errors, 'data.shareholders', 1)).toEqual({
      'data.shareholders': 'total',
      'data.shareholders.0.name': 'a',
      'data.shareholders.1.id_number': 'c',
      'data.officers.1.name': 'd',
    });
  });

  it('lists the errors no input shows', () => {
    const errors = { 'data.company_name': 'a', body: 'b', 'data.unknown': 'c' };
    expect(unplacedErrors(errors, new Set(['data.company_name']))).toEqual([
      ['body', 'b'],
      ['data.unknown', 'c'],
    ]);
  });
});
