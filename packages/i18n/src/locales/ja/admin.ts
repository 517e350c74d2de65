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
      account: 'マイアカウント',
    },
  },
  home: {
    greeting: '{{name}} としてログイン中',
    sections: 'バックオフィス業務',
    kyc_review: '各社から提出されたKYCを審査し、判断します。',
    audit_log: 'ログイン、失敗、ロック、パスワードと認証手段の変更をすべて新しい順に表示します。',
    announcements: 'お客さま向けのお知らせを公開します。',
    open: '開く',
  },
  audit: {
    title: '監査ログ',
    purpose: '全ユーザーのセキュリティイベントを新しい順に表示します。記録の変更・削除はできません。',
    filter: '操作',
    all_actions: 'すべての操作',
    columns: {
      time: '日時',
      action: '操作',
      actor: 'ユーザー',
      company: '会社',
      ip: 'IPアドレス',
      detail: '詳細',
    },
    load_more: 'さらに読み込む',
    all_loaded: 'すべての記録を表示しました。',
    empty_title: '記録はありません',
    empty_description: 'この操作の記録はまだありません。',
    actions: {
      account_registered: 'アカウント登録',
      login_succeeded: 'ログイン成功',
      login_failed: 'ログイン失敗',
      login_locked: 'アカウントロック',
      password_changed: 'パスワード変更',
      password_change_failed: 'パスワード変更の拒否',
      password_reset: 'パスワード再設定',
      profile_changed: 'プロフィール変更',
      authenticator_paired: '認証アプリ登録',
      authenticator_removed: '認証アプリ削除',
      authenticator_remove_failed: '認証アプリ削除の拒否',
      authenticator_reset_by_staff: 'スタッフによる認証アプリのリセット',
      recovery_code_used: 'リカバリーコードでサインイン',
      recovery_codes_regenerated: '新しいリカバリーコードを作成',
      session_revoked: 'セッションのログアウト',
      session_revoked_others: '他のセッションのログアウト',
      session_signed_out: 'ログアウト',
      step_up_verified: '本人確認',
      step_up_failed: '本人確認の失敗',
      terms_accepted: '規定への同意',
    },
  },
  reset_authenticator: {
    title: '紛失した認証アプリのリセット',
    description:
      '認証アプリとリカバリーコードを紛失したユーザー向けです。認証アプリとコードを削除し、そのユーザーのすべてのセッションを終了してメールで通知します。ユーザーはメールのコードでサインインし、再度登録します。',
    email: 'ユーザーのメールアドレス',
    identity_check: '実施した本人確認',
    identity_check_hint:
      'ご本人であることをどのように確認したか（例：登録済みの電話番号への折り返し、書類の照合）。監査ログに記録されます。',
    submit: '認証アプリをリセット',
    confirm_title: 'この認証アプリをリセットしますか？',
    confirm: '{{email}} の認証アプリとリカバリーコードを削除し、すべてのセッションを終了します。',
    confirm_button: 'リセット',
    cancel: 'キャンセル',
    done: '{{email}} の認証アプリをリセットし、メールで通知しました。',
  },
};
