/**
 * The bank's receiving accounts per fiat currency: where clients send bank transfers, which the
 * bank-rail adapter watches. These are the simulated rail's accounts (the example numbers banks
 * publish for testing: the GB IBAN is the UK's documented example); a deployment connected to a
 * real rail replaces them with its own.
 */
import type { BankDetailField } from '@bank/contract/deposit';
import type { FiatCurrency } from '@bank/contract/money';

type Lines = readonly (readonly [BankDetailField, string])[];

const beneficiary = 'Corporate Banking Ltd - Client Money Account';

export const receivingAccounts: Readonly<Record<FiatCurrency, Lines>> = {
  USD: [
    ['beneficiary', beneficiary],
    ['account_number', '000123456789'],
    ['bank_name', 'Simulated Rail Bank, N.A.'],
    ['swift', 'SIMLUS33'],
    ['routing_number', '021000021'],
    ['bank_address', '1 Liberty Plaza, New York, NY 10006, United States'],
  ],
  EUR: [
    ['beneficiary', beneficiary],
    ['iban', 'DE89370400440532013000'],
    ['bank_name', 'Simulated Rail Bank Europe'],
    ['swift', 'SIMLDEFF'],
    ['bank_address', 'Taunusanlage 12, 60325 Frankfurt am Main, Germany'],
  ],
  SGD: [
    ['beneficiary', beneficiary],
    ['account_number', '0721234567'],
    ['bank_name', 'Simulated Rail Bank Singapore'],
    ['swift', 'SIMLSGSG'],
    ['bank_code', '7171'],
    ['branch_code', '001'],
    ['bank_address', '12 Marina Boulevard, Singapore 018982'],
  ],
  CNY: [
    ['beneficiary', beneficiary],
    ['account_number', '6222020200112345678'],
    ['bank_name', 'Simulated Rail Bank (China)'],
    ['swift', 'SIMLCNSH'],
    ['bank_address', '88 Century Avenue, Pudong, Shanghai 200120, China'],
  ],
  GBP: [
    ['beneficiary', beneficiary],
    ['iban', 'GB33BUKB20201555555555'],
    ['account_number', '55555555'],
    ['sort_code', '20-20-15'],
    ['bank_name', 'Simulated Rail Bank UK'],
    ['swift', 'SIMLGB2L'],
    ['bank_address', '25 Bank Street, London E14 5JP, United Kingdom'],
  ],
  AUD: [
    ['beneficiary', beneficiary],
    ['account_number', '123456789'],
    ['bsb', '062-000'],
    ['bank_name', 'Simulated Rail Bank Australia'],
    ['swift', 'SIMLAU2S'],
    ['bank_address', '1 Martin Place, Sydney NSW 2000, Australia'],
  ],
  HKD: [
    ['beneficiary', beneficiary],
    ['account_number', '012-345678-001'],
    ['bank_name', 'Simulated Rail Bank (Hong Kong)'],
    ['swift', 'SIMLHKHH'],
    ['bank_code', '012'],
    ['bank_address', '8 Finance Street, Central, Hong Kong'],
  ],
};
