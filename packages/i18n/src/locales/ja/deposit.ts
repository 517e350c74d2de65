/** 入金：デジタル資産の受け取り（入金アドレス、ネットワーク、承認数）。 */
import type { deposit as en } from '../en/deposit.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const deposit: Strings<typeof en> = {
  crypto: {
    asset: '資産',
    network: 'ネットワーク',
    address_title: '{{network}} 上の {{asset}} 入金アドレス',
    address_label: '入金アドレス',
    copy: 'アドレスをコピー',
    copied: 'アドレスをコピーしました',
    qr_alt: '{{network}} 入金アドレスのQRコード',
    warning_title: 'このアドレスには {{network}} の {{asset}} のみを送金してください',
    warning:
      '他の種類のコインや、他のネットワークで送られたコインは入金できず、失われる可能性があります。送金前にウォレットのネットワークをご確認ください。',
    confirmations: 'ネットワークで {{count}} 回承認された後に入金されます。',
    shared_address: '{{network}} 上の USDT と USDC は同じこのアドレスに届きます。',
  },
  recent: {
    title: '最近の入金',
    empty_title: 'まだ入金はありません',
    empty: 'アドレスに送られたコインは、ネットワークで検知され次第、承認数とともにここに表示されます。',
    seen_at: '検知日時',
    asset: '資産',
    amount: '金額',
    confirmations: '承認数',
    confirmations_of: '{{required}} 回中 {{count}} 回',
    status: 'ステータス',
    hash: 'トランザクションハッシュ',
  },
  bank: {
    currency: '通貨',
    title: '{{currency}} はこの口座へお振込みください',
    reference: 'お客様の参照番号',
    reference_help:
      'すべてのお振込みで、振込依頼人情報（備考）にこの参照番号を必ずご記入ください。貴社からの入金であることを確認するためのもので、記載のないお振込みは照合できるまで保留となります。',
    copy: '{{field}}をコピー',
    copied: '{{field}}をコピーしました',
    conversion: '着金した資金は現在のレートで USDC に換算され、両替手数料を差し引いて口座に入金されます。',
    fields: {
      beneficiary: '受取人',
      account_number: '口座番号',
      iban: 'IBAN',
      bank_name: '銀行名',
      swift: 'SWIFT / BIC',
      routing_number: 'ルーティング番号（ABA）',
      sort_code: 'ソートコード',
      bsb: 'BSB',
      bank_code: '銀行コード',
      branch_code: '支店コード',
      bank_address: '銀行所在地',
    },
  },
};
