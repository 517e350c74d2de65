import type { inbox as en } from '../en/inbox.ts';

/** 受信箱：ヘッダーのベルとメッセージのドロワー。 */
export const inbox: typeof en = {
  title: 'メッセージ',
  close: 'メッセージを閉じる',
  bell: {
    label: 'メッセージ',
    unread_one: 'メッセージ、未読 {{count}} 件',
    unread_other: 'メッセージ、未読 {{count}} 件',
  },
  categories: {
    all: 'すべて',
    account: 'アカウント',
    transactions: '取引',
    cards: 'カード',
    announcements: 'お知らせ',
    support: 'サポート',
  },
  categories_label: 'メッセージの種類',
  unread_only: '未読のみ',
  mark_all_read: 'すべて既読にする',
  marked_all_read: 'すべてのメッセージを既読にしました。',
  mark_read: '既読にする',
  delete: 'メッセージを削除',
  deleted: 'メッセージを削除しました。',
  open: '開く',
  unread: '未読',
  load_more: 'さらに読み込む',
  all_loaded: 'これ以上メッセージはありません',
  empty: {
    title: 'メッセージはまだありません',
    text: 'KYC の審査結果、入金、アカウントの変更などをここでお知らせします。',
  },
  empty_unread: {
    title: 'すべて既読です',
    text: 'ここにあるメッセージはすべて読みました。',
  },
  reason: '理由：{{reason}}',
  alert_note: 'お客様が設定したアラートです。「アラート」ページで変更・削除できます。',
  kinds: {
    alert_balance_below: {
      title: '残高がアラート金額を下回りました',
      body: '利用可能残高が {{available}} となり、アラートに設定した {{threshold}} を下回りました。',
    },
    alert_payout_above: {
      title: '高額の送金が申請されました',
      body: '{{destination}} への {{amount}} の送金が申請されました。アラートに設定した {{threshold}} を超えています。',
    },
    alert_card_purchase_above: {
      title: '高額のカード利用',
      body: 'カード •••• {{last4}} が {{merchant}} で {{amount}} 利用されました。アラートに設定した {{threshold}} を超えています。',
    },
    alert_new_device_sign_in: {
      title: '新しいデバイスからのサインイン',
      body: '{{device}}（アドレス {{ip}}）からサインインしました。最近使用していないデバイスです。',
      body_no_address: '{{device}} からサインインしました。最近使用していないデバイスです。',
    },
    kyc_submitted: {
      title: 'KYC を提出しました',
      body: '貴社の KYC 申請を受け付けました。審査が終わりましたらここでお知らせします。',
    },
    kyc_approved: {
      title: 'KYC が承認されました',
      body: '貴社の KYC が承認されました。入金、送金、カードをご利用いただけます。',
    },
    kyc_rejected: {
      title: 'KYC が承認されませんでした',
      body: '貴社の KYC 申請は承認されませんでした。理由をご確認のうえ、該当するセクションを修正して再提出してください。',
    },
    kyc_refused: {
      title: 'KYC 申請が却下されました',
      body: '貴社の KYC 申請は却下されました。この決定は最終的なもので、再提出はできません。担当のリレーションシップ・マネージャーにお問い合わせいただくか、「ご意見を送る」からご連絡ください。',
    },
    kyc_returned: {
      title: 'KYC の修正が必要です',
      body: '貴社の KYC 申請が修正のため差し戻されました。指摘された項目を修正して再提出してください。',
    },
    payout_approval_requested: {
      title: '承認待ちの送金があります',
      body: '同僚が {{destination}} への {{amount}} {{asset}} の送金を申請しました。',
    },
    payout_in_review: {
      title: '送金を審査中',
      body: '{{destination}} への {{amount}} {{asset}} の送金を銀行が審査しています。',
    },
    payout_sent: {
      title: '送金を送信しました',
      body: '{{destination}} への {{amount}} {{asset}} の送金を送信しました。',
    },
    payout_completed: {
      title: '送金が完了しました',
      body: '{{destination}} への {{amount}} {{asset}} の送金が完了しました。',
    },
    payout_rejected: {
      title: '送金が却下されました',
      body: '{{destination}} への {{amount}} {{asset}} の送金は却下されました。金額と手数料は残高に戻りました。',
    },
    payout_cancelled: {
      title: '送金を取り消しました',
      body: '{{destination}} への {{amount}} {{asset}} の送金は承認前に取り消されました。金額と手数料は残高に戻りました。',
    },
    payout_failed: {
      title: '送金に失敗しました',
      body: '{{destination}} への {{amount}} {{asset}} の送金に失敗しました。金額と手数料は残高に戻りました。',
    },
    payout_batch_approval_requested: {
      title: '承認待ちの一括支払があります',
      body_one: '同僚が {{file}}（{{count}} 件の送金）を申請しました。',
      body_other: '同僚が {{file}}（{{count}} 件の送金）を申請しました。',
    },
    payout_batch_rejected: {
      title: '一括支払が却下されました',
      body_one: '{{file}}（{{count}} 件の送金）は却下されました。金額と手数料は残高に戻りました。',
      body_other: '{{file}}（{{count}} 件の送金）は却下されました。金額と手数料は残高に戻りました。',
    },
    deposit_credited: {
      title: '入金が反映されました',
      body: '{{amount}} {{asset}} が口座に入金されました。',
      body_network: '{{network}} の {{amount}} {{asset}} が口座に入金されました。',
    },
    feedback_answered: {
      title: 'ご意見への回答が届きました',
      body: '銀行がご意見に回答しました。開いて回答をお読みください。',
    },
    contact_request_handled: {
      title: 'ご依頼に対応しました',
      body: '担当のリレーションシップ・マネージャーが{{product}}に関するご依頼に対応しました。',
    },
    contact_request_received: {
      title: '新しい連絡依頼',
      body: 'お客さまから{{product}}についての連絡依頼が届きました。',
    },
    fx_converted: { title: '両替が完了しました', body: '{{from_amount}} を {{amount_received}} に両替しました。' },
    otc_quoted: {
      title: 'OTC の見積もりが届きました',
      body: '{{from_amount}} から {{to_asset}} へ：受取額は {{amount_received}} です。有効期限までに OTC ページで承認または辞退してください。',
    },
    otc_settled: { title: 'OTC 取引が決済されました', body: '{{from_amount}} を {{amount_received}} と交換しました。' },
    otc_request_received: {
      title: '新しい OTC 依頼',
      body: 'お客さまから見積もり依頼：{{from_amount}} から {{to_asset}} へ。',
    },
    top_up_completed: {
      title: 'カードへのチャージ完了',
      body: 'カード •••• {{last4}} に {{amount}} USD がチャージされました。',
    },
    top_up_returned: {
      title: 'カードへのチャージが返金されました',
      body: 'カード •••• {{last4}} への {{amount}} USD のチャージは返金されました。確保していた {{asset}} は解放されました。',
    },
    top_up_cancelled: {
      title: 'カードへのチャージがキャンセルされました',
      body: 'カード •••• {{last4}} への {{amount}} USD のチャージはキャンセルされました。確保していた {{asset}} は解放されました。',
    },
    card_application_submitted: {
      title: 'カード申請を受け付けました',
      body: '{{name}} さまのカード申請を審査しています（{{days}} 営業日）。',
    },
    card_application_approved: {
      title: 'カード申請が承認されました',
      body: '{{name}} さまのカードを発注しました。プロセッサーがカード会員の KYC を確認した後、印刷・郵送されます。',
    },
    card_application_rejected: {
      title: 'カード申請が却下されました',
      body: '{{name}} さまのカード申請は却下され、カード発行費用の保留は解除されました。',
    },
    card_awaiting_activation: {
      title: 'カードを発送しました',
      body: 'カード •••• {{last4}} を郵送しました。到着したら、同封の KIT コードとアクティベーションコードで有効化してください。',
    },
    card_activated: { title: 'カードが有効になりました', body: 'カード •••• {{last4}} が有効になりました。' },
    card_blocked: {
      title: 'カードが停止されました',
      body: 'カード •••• {{last4}} が停止されました。誰がなぜ停止したかはカードの詳細に記載されています。',
    },
    card_unblocked: { title: 'カードの停止が解除されました', body: 'カード •••• {{last4}} は再び利用できます。' },
    card_anomaly: {
      title: 'カードの異常',
      body: 'カード •••• {{last4}} について、プロセッサーが異常を報告しました：{{cause}}。',
      body_no_cause:
        'カード •••• {{last4}} について、プロセッサーが異常を報告しました。詳細はカードの情報をご覧ください。',
    },
    card_expired: {
      title: 'カードの有効期限が切れました',
      body: 'カード •••• {{last4}} は更新されないまま終了日を迎えたため、利用できなくなりました。',
    },
    card_cancelled: {
      title: 'カードを解約しました',
      body: 'カード •••• {{last4}} は解約され、利用できなくなりました。',
    },
    card_replacement_refused: {
      title: '再発行が拒否されました',
      body: 'カード処理会社が再発行カードの発行を拒否しました。元のカードは再度の再発行または解約ができます。',
    },
    card_balance_returned: {
      title: 'カード残高を返金しました',
      body: 'カード •••• {{last4}} が{{ending}}ため、残っていた {{amount}} USD を {{credited}} として口座に戻しました（レート：{{rate}}）。',
      endings: { expired: '期限切れになった', cancelled: '解約された' },
    },
    card_auto_renewal_failed: {
      title: '自動更新に失敗しました',
      body: 'カード •••• {{last4}} の年会費（{{amount}} USD、期日 {{due_on}}）を {{asset}} から引き落とせませんでした。残高を補充するか、更新ページで更新してください。',
    },
    card_replacement_fee_owed: {
      title: '再発行は手数料の支払い待ちです',
      body: 'カード •••• {{last4}} は完全に利用停止されました。残高不足のため再発行手数料（{{amount}} USD）を引き落とせず、新しいカードはまだ発注されていません。残高を補充してから、カードの画面で手数料をお支払いください。',
    },
    card_processor_failed: {
      title: 'カードプロセッサーの障害：お客様へのご連絡をお願いします',
      body_unavailable:
        '{{company}} による{{action}}の際、カードプロセッサーから応答がありませんでした。処理は行われておらず、お客様には追って当行からご連絡する旨をお伝えしています。',
      body_malformed:
        '{{company}} による{{action}}の際、カードプロセッサーから読み取れない応答がありました。処理は行われていません。プロセッサー側でカードを確認し、お客様にご連絡ください。',
      actions: {
        username_check: 'カード会員のユーザー名の確認',
        card_application: 'カードの申し込み',
        cardholder_update: 'カード会員情報の訂正',
        activation: 'カードの有効化',
        set_pin: 'カードのPIN設定',
        block: 'カードの利用停止',
        unblock: 'カードの利用停止の解除',
        replacement: '再発行カードの申し込み',
        mailing_address: 'カードの郵送先の変更',
        cancellation: 'カードの解約',
        renewal: 'カードの更新',
        top_up: 'カードへのチャージ',
        programme_binding: 'プログラムカードの紐付け',
        programme_unbinding: 'プログラムカードの紐付け解除',
      },
    },
    programme_batch_ready_to_bind: {
      title: '印刷済みカードの紐付けが可能です',
      body: '印刷バッチ {{batch_number}}（{{quantity}} 枚）が印刷・発送されました。カードをカード会員に紐付けてください。',
    },
    programme_card_bound: {
      title: 'カードが紐付けられました',
      body: 'カード •••• {{last4}} は {{cardholder_name}} に紐付けられました：同封の書面のコードで有効化してください。',
    },
    programme_membership_fee_failed: {
      title: '会費を引き落とせませんでした',
      body: 'カード •••• {{last4}} の会費（{{amount}} USD、期日 {{due_on}}）を引き落とせませんでした。USDC と USDT のいずれも不足しています。入金するか、会費ページからお支払いください。',
    },
    announcement_published: {
      title: '新しいお知らせ',
      body: '銀行からお知らせが掲載されました。開いて全文をお読みください。',
    },
    security_changed: {
      title: 'セキュリティの変更',
      changes: {
        password_changed: 'パスワードが変更されました。',
        password_reset: 'パスワードが再設定されました。',
        authenticator_paired: '認証アプリがアカウントに登録されました。',
        authenticator_removed: '認証アプリの登録が解除されました。',
        authenticator_reset: '本人確認のうえ、当行スタッフが認証アプリをリセットしました。',
        recovery_code_used: 'リカバリーコードでサインインがありました。',
        recovery_codes_regenerated: '新しいリカバリーコードを作成しました。以前のコードは使えません。',
        passkey_added: 'アカウントにパスキーが追加されました。',
        passkey_removed: 'アカウントからパスキーが削除されました。',
        account_locked: 'サインインの失敗が続いたため、アカウントを一時的にロックしました。',
      },
      not_you: 'お心当たりがない場合は、すぐに当行へご連絡ください。',
    },
  },
};
