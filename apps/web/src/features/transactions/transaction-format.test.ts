import { listTransactions } from '@bank/contract/transaction';
import { describe, expect, it } from 'vitest';
import { readerTimeZone } from '../../ui/format-date.ts';
import {
  amountStateOf,
  detailPathOf,
  hasFee,
  hasHistoryFilters,
  historyRequestOf,
  signOf,
} from './transaction-format.ts';

describe('the history request of the address', () => {
  it('sends only the filters that are set, trimmed, and the contract accepts it', () => {
    const request = historyRequestOf({ text: '  CB12 ', from: '2026-11-01', to: '', type: null, status: 'success' });
    expect(request).toEqual({
      page_size: 20,
      text: 'CB12',
      from: '2026-11-01',
      status: 'success',
      time_zone: readerTimeZone(),
    });
    expect(listTransactions.request.safeParse(request).success).toBe(true);
    expect(hasHistoryFilters(request)).toBe(true);
  });

  it('leaves out a value the contract refuses instead of failing the whole list', () => {
    const request = historyRequestOf({ type: 'lottery', asset: 'DOGE', from: 'yesterday', status: 'in_process' });
    expect(request).toEqual({ page_size: 20, status: 'in_process' });
  });

  it('drops the end of a period that ends before it starts, also beside another wrong value', () => {
    const request = historyRequestOf({ type: 'lottery', from: '2026-11-20', to: '2026-11-01' });
    expect(request).toEqual({ page_size: 20, from: '2026-11-20', time_zone: readerTimeZone() });
  });

  it('says no filter is set for an empty address', () => {
    expect(hasHistoryFilters(historyRequestOf({}))).toBe(false);
  });
});

describe('an amount on screen', () => {
  it('is signed with + for money in and the minus sign for money out', () => {
    expect(signOf('credit')).toBe('+');
    expect(signOf('debit')).toBe('\u2212');
  });

  it('is indicative for a fiat deposit until it is credited, final once it is', () => {
    expect(amountStateOf({ type: 'fiat_deposit', status: 'in_process', amount: '4975.00' })).toBe('indicative');
    expect(amountStateOf({ type: 'fiat_deposit', status: 'success', amount: '4975.00' })).toBe('final');
  });

  it('is exact for coins seen on chain while they confirm', () => {
    expect(amountStateOf({ type: 'crypto_deposit', status: 'in_process', amount: '0.15' })).toBe('final');
  });

  it('is pending while the server does not know it yet, and void once rejected or failed', () => {
    expect(amountStateOf({ type: 'fiat_deposit', status: 'admin_review', amount: '0' })).toBe('pending');
    expect(amountStateOf({ type: 'fiat_deposit', status: 'rejected', amount: '0' })).toBe('void');
    expect(amountStateOf({ type: 'crypto_deposit', status: 'failed', amount: '12' })).toBe('void');
  });

  it('has a fee only when one above zero was charged', () => {
    expect(hasFee({ fee: '0' })).toBe(false);
    expect(hasFee({ fee: '0.000000' })).toBe(false);
    expect(hasFee({ fee: '25.00' })).toBe(true);
  });
});

describe('links and periods', () => {
  it('puts the transaction id in the details address, encoded', () => {
    expect(detailPathOf('0193a1b2-7c00-7000-8000-000000000001')).toBe(
      '/my_transaction_info?id=0193a1b2-7c00-7000-8000-000000000001',
    );
    expect(detailPathOf('a&b')).toBe('/my_transaction_info?id=a%26b');
  });
});
