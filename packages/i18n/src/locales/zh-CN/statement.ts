import type { statement as en } from '../en/statement.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const statement: Strings<typeof en> = {
  title: '账户对账单',
  company: '公司名称',
  period: '对账期间',
  period_range: '{{from}} 至 {{to}}',
  generated_at: '生成时间',
  times_in_utc: '所有日期和时间均为 UTC 时间。',
  summary: '汇总',
  transactions: '{{asset}} 交易明细',
  transactions_continued: '{{asset}} 交易明细（续）',
  no_transactions: '本期间无交易。',
  page: '第 {{page}} 页',
  sheets: { summary: '汇总', lines: '交易明细' },
  summary_columns: {
    asset: '资产',
    opening: '期初余额',
    credits: '贷方发生额',
    debits: '借方发生额',
    fees: '手续费',
    closing: '期末余额',
  },
  columns: {
    date: '日期（UTC）',
    asset: '资产',
    description: '摘要',
    reference: '业务编号',
    direction: '借贷',
    amount: '金额',
    balance: '余额',
    settled: '已结算',
  },
  direction: { credit: '贷', debit: '借' },
  settled: { yes: '是', no: '否' },
  pending: '{{description}}（未结算）',
  kinds: {
    deposit: '加密资产入金',
    fiat_deposit: '法币入金',
    conversion: '换汇',
    fee: '手续费',
  },
  other_kind: '其他（{{kind}}）',
};
