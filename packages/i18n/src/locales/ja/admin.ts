import type { admin as en } from '../en/admin.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const admin: Strings<typeof en> = {
  navigation: {
    groups: { back_office: 'バックオフィス', personal: '個人' },
    items: {
      overview: '概要',
      kyc_review: 'KYC審査',
      audit_log: '監査ログ',
      announcements: 'お知らせ',
      deposit_operations: '入金オペレーション',
      ledger_explorer: '元帳エクスプローラー',
      feedback: 'お客さまの声',
      contact_requests: '連絡依頼',
      otc_desk: 'OTC デスク',
      card_review: 'カード申請',
      card_operations: 'カード',
      card_programme: 'カードプログラム',
      account: 'マイアカウント',
    },
  },
  home: {
    greeting: '{{name}} としてログイン中',
    sections: 'バックオフィス業務',
    kyc_review: '各社から提出されたKYCを審査し、判断します。',
    audit_log: 'ログイン、失敗、ロック、パスワードと認証手段の変更をすべて新しい順に表示します。',
    announcements: 'お客さま向けのお知らせを公開します。',
    deposit_operations:
      '着金した銀行振込を入金または返金し、ネットワークで承認待ちのコインを確認し、シミュレーターを操作します。',
    ledger_explorer: '元帳のすべての勘定と振替を閲覧し、資金が生成・消失していないことを検証します。',
    feedback: 'お客さまのご意見を読んで回答します。回答はお客さまのメッセージに届きます。',
    contact_requests:
      '商品について連絡を希望するお客さまの依頼：ご担当の会社の依頼、または共有キューを含むすべての依頼。',
    otc_desk: 'お客さまの OTC 見積もり依頼にレートと有効期限で回答します。',
    card_review: 'カード申請を承認または却下し、発行会社でのカード保有者の KYC を確認します。',
    card_operations: '管理者による停止、カード手数料表、カード発行会社シミュレーター。',
    card_programme: '企業のカードプログラム契約、審査待ちの事前注文、印刷バッチへの割り当て。',
    open: '開く',
  },
  no_permission: {
    title: 'ご担当の権限に含まれていません',
    description:
      'このバックオフィス業務はご担当のロールに含まれていません。必要な場合はシステム管理者にご相談ください。',
  },
  queue_search: {
    label: 'このキューを検索',
    placeholder: '会社、担当者、参照番号または ID',
    clear: '検索をクリア',
    none_title: '検索に一致する項目はありません',
    none_description: '別の語句で検索するか、検索をクリアしてください。',
  },
};
