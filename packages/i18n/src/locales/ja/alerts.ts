/** アラート（/alerts）：ユーザーが自分で設定するアラートとそのメール。 */
export const alerts = {
  kinds: {
    balance_below: '残高が下回ったとき',
    payout_above: '送金が上回ったとき',
    card_purchase_above: 'カード利用が上回ったとき',
    new_device_sign_in: '新しいデバイスからのサインイン',
  },
  kind_descriptions: {
    balance_below: '会社の資産の利用可能残高が設定金額を下回ったとき。',
    payout_above: '会社の誰かが設定金額を超える送金を申請したとき。',
    card_purchase_above: '閲覧できるカードで設定金額を超える利用があったとき。',
    new_device_sign_in: '最近使用していないブラウザやデバイスからサインインしたとき。',
  },
  list: {
    title: 'アラート一覧',
    description:
      '各アラートは発生時に一度だけ、メッセージとメールでお知らせします。残高は設定金額を下回ったとき（再び上回った後に下回ったときのみ再通知）、送金やカード利用は1件ごとに1回です。アラートはご本人にのみ届きます。',
    empty_title: 'アラートはまだありません',
    empty: 'アラートを追加すると、残高不足、高額送金、高額のカード利用、新しいサインインをすぐに把握できます。',
    add: 'アラートを追加',
    edit: '変更',
    remove: '削除',
    kind: 'アラート',
    condition: '条件',
    balance_below: '利用可能な {{asset}} が {{amount}} 未満',
    payout_above: '{{asset}} の送金が {{amount}} 超',
    card_purchase_above: 'カード利用が {{amount}} 超',
    new_device_sign_in: '新しいデバイスからのすべてのサインイン',
    actions: '操作',
    limit: 'アラート {{count}} 件（上限 {{max}} 件）',
  },
  form: {
    add_title: 'アラートを追加',
    edit_title: 'アラートを変更',
    kind: '通知の内容',
    asset: '資産',
    amount: '金額',
    amount_usd: '金額（USD）',
    save: 'アラートを保存',
    cancel: 'キャンセル',
    saved: 'アラートを保存しました。',
    removed: 'アラートを削除しました。',
    remove_title: 'このアラートを削除しますか？',
    remove_text: '削除すると、発生しても通知されなくなります。',
    remove_confirm: 'アラートを削除',
  },
  validation: {
    asset_required: '資産を選択してください',
    amount_required: '金額を入力してください',
  },
  errors: {
    too_many: '設定できるアラートの上限に達しました。追加するには1件削除してください。',
  },
  email: {
    why: 'オンラインバンキングでこのアラートを設定されたため、このメールをお送りしています（{{time}}）。「アラート」で変更・削除できます。',
    unknown_address: '不明なアドレス',
    balance_below: {
      subject: 'アラート：{{asset}} の残高が {{threshold}} を下回りました',
      title: '残高がアラート金額を下回りました',
      body: '貴社の利用可能残高が {{available}} となり、設定された {{threshold}} を下回りました。',
    },
    payout_above: {
      subject: 'アラート：{{amount}} の送金が申請されました',
      title: '高額の送金が申請されました',
      body: '{{destination}} への {{amount}} の送金が申請されました。設定された {{threshold}} を超えています。',
    },
    card_purchase_above: {
      subject: 'アラート：カード利用 {{amount}}',
      title: '高額のカード利用',
      body: '末尾 {{last4}} のカードが {{merchant}} で {{amount}} 利用されました。設定された {{threshold}} を超えています。',
    },
    new_device_sign_in: {
      subject: 'アラート：新しいデバイスからのサインイン',
      title: '新しいデバイスからサインインしました',
      body: 'お客様のアカウントに {{device}}（アドレス {{ip}}）からサインインがありました。最近使用していないデバイスです。お心当たりがない場合は、すぐにパスワードを変更し、当行へご連絡ください。',
    },
  },
};
