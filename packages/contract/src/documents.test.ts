import { describe, expect, it } from 'vitest';
import { documentPurposeRules, documentPurposes, maxMegabytesOf } from './documents.ts';

const megabyte = 1024 * 1024;

describe('document purposes', () => {
  it('keep company KYC at 10 files a section, 10 MB, jpeg/png/pdf (DECISIONS.md)', () => {
    expect(documentPurposeRules.kyc_document).toMatchObject({
      acceptedTypes: ['image/jpeg', 'image/png', 'application/pdf'],
      maxBytes: 10 * megabyte,
      maxCount: 10,
    });
    expect(maxMegabytesOf('kyc_document')).toBe(10);
  });

  it('keep card documents to one file of 5 MB, jpeg/png/pdf (DECISIONS.md)', () => {
    for (const purpose of ['cardholder_id', 'proof_of_address'] as const) {
      expect(documentPurposeRules[purpose]).toMatchObject({
        acceptedTypes: ['image/jpeg', 'image/png', 'application/pdf'],
        maxBytes: 5 * megabyte,
        maxCount: 1,
      });
      expect(maxMegabytesOf(purpose)).toBe(5);
    }
  });

  it('let no relationship manager read any purpose, and give every purpose a whole-megabyte limit', () => {
    for (const purpose of documentPurposes) {
      expect(documentPurposeRules[purpose].staffReaders).not.toContain('sales_relationship_manager');
      expect(Number.isInteger(maxMegabytesOf(purpose))).toBe(true);
    }
  });
});
