import { listKycReviews } from '@bank/contract/kyc';
import { describe, expect, it } from 'vitest';
import { queueRequestOf } from './queue-request.ts';

describe('the KYC queue request', () => {
  it('sends only the filters that are set, and the contract accepts it', () => {
    const request = queueRequestOf({ status: 'all', from: '', to: '', search: '  ' });
    expect(request).toEqual({ page_size: 20 });
    expect(listKycReviews.request.safeParse(request).success).toBe(true);
  });

  it('sends status, dates and a trimmed search', () => {
    const request = queueRequestOf({
      status: 'pending_review',
      from: '2026-01-01',
      to: '2026-01-31',
      search: ' Acme ',
    });
    expect(request).toEqual({
      page_size: 20,
      status: 'pending_review',
      submitted_from: '2026-01-01',
      submitted_to: '2026-01-31',
      search: 'Acme',
    });
    expect(listKycReviews.request.safeParse(request).success).toBe(true);
  });
});
