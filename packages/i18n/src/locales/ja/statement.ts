import type { statement as en } from '../en/statement.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const statement: Strings<typeof en> = {
  title: '取引明細書',
  company: '会社名',
  period: '対象期間',
  period_range: '{{from}} ～ {{to}}',
  generated_at: '作成日時',
  times_in_utc: '日時はすべて UTC で表示しています。',
  summary: '概要',
  transactions: '{{asset}} の取引明細',
  transactions_continued: '{{asset}} の取引明細（続き）',
  no_transactions: 'この期間の取引はありません。',
  page: '{{page}} ページ',
  sheets: { summary: '概要', lines: '取引明細' },
  summary_columns: {
    asset: '資産',
    opening: '期首残高',
    credits: '入金合計',
    debits: '出金合計',
    fees: '手数料',
    closing: '期末残高',
  },
  columns: {
    date: '日時（UTC）',
    asset: '資産',
    description: '摘要',
    reference: '参照番号',
    direction: '入出金',
    amount: '金額',
    balance: '残高',
    settled: '決済',
  },
  direction: { credit: '入金', debit: '出金' },
  settled: { yes: '済', no: '未済' },
  pending: '{{description}}（未決済）',
  kinds: {
    deposit: '暗号資産の入金',
    fiat_deposit: '法定通貨の入金',
    conversion: '両替',
    fee: '手数料',
  },
  other_kind: 'その他（{{kind}}）',
};
