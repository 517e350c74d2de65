import type { transactions as en } from '../en/transactions.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const transactions: Strings<typeof en> = {
  title: 'Transactions',
};
