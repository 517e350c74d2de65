import type { KycEmailMessages } from '../en/kyc-email.ts';

/** サーバー側の法人 KYC：提出と審査結果ごとのメール、およびお断りのメッセージ。 */
export const kycEmail: KycEmailMessages = {
  submitted: {
    subject: 'KYC を受け付けました',
    title: 'KYC 受付',
    body: '{{company}} の KYC は {{time}} に審査へ提出されました。通常、コンプライアンス担当が {{days}} 営業日以内に審査します。審査中は各セクションを変更できません。審査結果はメールでお知らせします。',
  },
  approved: {
    subject: 'KYC が承認されました',
    title: 'KYC 承認',
    body: '{{company}} の KYC は {{time}} に承認されました。入金、送金、カードなど、口座のその他の機能をご利用いただけます。',
  },
  rejected: {
    subject: 'KYC は承認されませんでした',
    title: 'KYC 非承認',
    body: '{{company}} の KYC は {{time}} に承認されませんでした。該当するセクションを修正して、再度提出できます。',
  },
  returned: {
    subject: 'KYC の修正が必要です',
    title: 'KYC 差し戻し',
    body: '{{company}} の KYC は {{time}} に修正のため差し戻されました。該当するセクションを更新して、再度提出してください。',
  },
  refused: {
    subject: 'KYC 申請は却下されました',
    title: 'KYC 却下',
    body: '{{company}} の KYC は {{time}} に却下されました。この決定は最終的なもので、申請を修正したり再提出したりすることはできません。',
    next_steps:
      'この決定についてご質問がある場合や、貴社の状況に変化があった場合は、担当のリレーションシップ・マネージャーにお問い合わせいただくか、アカウントメニューの「ご意見を送る」からご連絡ください。',
  },
  reason: '銀行からの理由：{{reason}}',
  unnamed_company: '貴社',
  messages: {
    not_editable: '現在の状態では KYC を変更できません。',
    refused_final:
      '貴社の KYC は却下されたため、変更や再提出はできません。担当のリレーションシップ・マネージャーにお問い合わせください。',
    document_unknown: 'この書類が見つかりません。もう一度アップロードしてください。',
    signature_not_allowed: 'このセクションには署名をアップロードできません。',
    upload_not_received: 'ファイルがまだ届いていません。もう一度アップロードしてください。',
    upload_finished: 'このアップロードはすでに完了したか、拒否されました。もう一度ファイルをアップロードしてください。',
    upload_expired: 'このアップロードの有効期限が切れました。もう一度ファイルをアップロードしてください。',
    phone_link_invalid: 'このアップロード用リンクは無効です。パソコンで新しいリンクを作成してください。',
    phone_link_expired: 'このアップロード用リンクの有効期限が切れました。パソコンで新しいリンクを作成してください。',
    phone_link_used: 'このアップロード用リンクはすでに使用されています。パソコンで新しいリンクを作成してください。',
    phone_link_attempts:
      'このアップロード用リンクの試行回数が上限に達しました。パソコンで新しいリンクを作成してください。',
  },
};
