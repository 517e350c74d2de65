import type { statement as en } from '../en/statement.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const statement: Strings<typeof en> = {
  title: 'Statement',
};
