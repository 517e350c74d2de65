/** My cards: activation, PIN, blocks, replacement, renewal and fees, the card’s timeline, and the back office’s card operations (issue 14). */
export const cards = {
  validation: {
    kit_code: 'KIT コードはカードのパッケージに印刷された 10 桁の数字です',
    activation_code: 'アクティベーションコードはカードの案内状に記載された 6 桁の数字です',
    pin_format: 'PIN は 4 桁の数字です',
    pin_mismatch: '2 つの PIN が一致しません。もう一度入力してください',
    last4: 'カード番号の下 4 桁を入力してください',
    fee_rate: '料率は 0 から 1 の間の割合です（1% なら 0.01）',
  },
  errors: {
    term_settled: 'この年会費はすでに精算済みです。',
    renewal_not_open: 'この更新はまだ受け付けていません。期日の 60 日前から更新できます。',
  },
};
