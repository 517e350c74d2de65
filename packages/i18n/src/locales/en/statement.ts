/**
 * statement: the account statement the server writes as PDF, CSV and XLSX (platform/exports):
 * its headings, the summary and lines columns, the CR/DR marks and the movement kinds.
 */
export const statement = {
  title: 'Account statement',
  company: 'Company',
  period: 'Period',
  period_range: '{{from}} to {{to}}',
  generated_at: 'Generated',
  times_in_utc: 'All dates and times are in UTC.',
  summary: 'Summary',
  transactions: '{{asset}} transactions',
  transactions_continued: '{{asset}} transactions (continued)',
  no_transactions: 'No transactions in this period.',
  page: 'Page {{page}}',
  sheets: { summary: 'Summary', lines: 'Transactions' },
  summary_columns: {
    asset: 'Asset',
    opening: 'Opening balance',
    credits: 'Credits',
    debits: 'Debits',
    fees: 'Fees',
    closing: 'Closing balance',
  },
  columns: {
    date: 'Date (UTC)',
    asset: 'Asset',
    description: 'Description',
    reference: 'Reference',
    direction: 'CR/DR',
    amount: 'Amount',
    balance: 'Balance',
    settled: 'Settled',
  },
  direction: { credit: 'CR', debit: 'DR' },
  settled: { yes: 'Yes', no: 'No' },
  pending: '{{description}} (pending)',
  kinds: {
    deposit: 'Crypto deposit',
    fiat_deposit: 'Fiat deposit',
    conversion: 'Conversion',
    fee: 'Fee',
  },
  other_kind: 'Other ({{kind}})',
};
