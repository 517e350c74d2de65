import type { feedback as en } from '../en/feedback.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const feedback: Strings<typeof en> = {
  form: {
    title: 'ご意見をお寄せください',
    intro:
      '使いやすい点、改善が必要な点、ご希望のサービスなどをお聞かせください。お客さまサービス担当がすべて拝読し、このページとメッセージでご回答します。',
    category: 'テーマ',
    text: 'ご意見',
    text_placeholder:
      '何が、どの画面で起き、本来どうなるはずだったか。不具合の場合は再現手順をお書きいただくと助かります。',
    screenshot: 'スクリーンショット（任意）',
    screenshot_help: 'JPEG または PNG の画像 1 点、{{size}} MB まで。',
    submit: '送信する',
    sent: 'ありがとうございます。ご意見を送信しました。このページでご回答します。',
  },
  categories: {
    product: '商品・サービス',
    payments: '支払い・送金',
    cards: 'カード',
    account: 'アカウント・ログイン',
    bug: '不具合',
    other: 'その他',
  },
  statuses: { open: '回答待ち', answered: '回答済み' },
  history: {
    title: 'これまでのご意見',
    empty_title: 'ご意見はまだありません',
    empty_text: '送信したご意見は状況とともにここに表示され、回答後は回答も表示されます。',
    sent_on: '{{date}} 送信',
    answer: '当行からの回答',
    answered_on: '{{date}} 回答',
    awaiting: 'ご意見を受け付けました。通常 {{days}} 営業日以内にご回答します。',
    view_screenshot: 'スクリーンショットを見る',
    load_more: 'さらに表示',
    all_loaded: 'すべてのご意見を表示しています。',
  },
  validation: {
    text_required: 'ご意見を入力してください',
    answer_required: '回答を入力してください',
    screenshot_invalid: 'このスクリーンショットは送信できません。もう一度アップロードしてください。',
  },
  errors: { already_answered: 'このご意見にはすでに回答済みです。' },
  admin: {
    filter: '状況',
    all: 'すべて',
    columns: { sent: '送信日時', company: '会社', sender: '送信者', topic: 'テーマ', status: '状況' },
    unnamed_company: '名称未登録の会社',
    empty_title: 'ご意見はありません',
    empty_text: 'お客さまから届いたご意見は、回答されるまでここに表示されます。',
    empty_filtered_text: 'この状況のご意見はありません。別の状況を選んでください。',
    load_more: 'さらに表示',
    all_loaded: 'すべてのご意見を表示しています。',
    open: '{{company}} のご意見を開く',
    detail_title: 'ご意見',
    close: '閉じる',
    from: '送信者',
    screenshot: 'スクリーンショット',
    no_screenshot: 'スクリーンショットは添付されていません。',
    answer: '回答',
    answer_help: 'お客さまはご意見ページとメッセージで回答を読みます。送信後は変更できません。',
    send_answer: '回答を送信',
    answered: '回答を送信しました。',
    answered_by: '{{email}} が {{date}} に回答',
  },
};
