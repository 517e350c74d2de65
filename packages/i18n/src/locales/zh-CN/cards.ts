/** My cards: activation, PIN, blocks, replacement, renewal and fees, the card’s timeline, and the back office’s card operations (issue 14). */
export const cards = {
  validation: {
    kit_code: 'KIT 码是印在卡片包装上的 10 位数字',
    activation_code: '激活码是卡片信函中的 6 位数字',
    pin_format: 'PIN 为 4 位数字',
    pin_mismatch: '两次输入的 PIN 不一致，请重新输入',
    last4: '请输入卡号后 4 位',
    fee_rate: '费率是 0 到 1 之间的比例，例如 1% 填 0.01',
  },
  errors: {
    term_settled: '该年费已结清。',
    renewal_not_open: '该续费尚未开放：到期前 60 天起可续费。',
  },
};
