/** 提醒（/alerts）：用户为自己设置的提醒及其邮件。 */
export const alerts = {
  kinds: {
    balance_below: '余额低于',
    payout_above: '付款高于',
    card_purchase_above: '银行卡消费高于',
    new_device_sign_in: '新设备登录',
  },
  kind_descriptions: {
    balance_below: '当公司某资产的可用余额低于设定金额时。',
    payout_above: '当公司任何人提交高于设定金额的付款时。',
    card_purchase_above: '当您可查看的银行卡发生高于设定金额的消费时。',
    new_device_sign_in: '当您从近期未使用过的浏览器或设备登录时。',
  },
  list: {
    title: '我的提醒',
    description:
      '每条提醒在发生时发送一次，送达您的消息和邮箱：余额在低于您设定的金额时提醒（回升后再次低于才会再次提醒），付款或消费每笔提醒一次。提醒仅发送给您本人。',
    empty_title: '尚未设置提醒',
    empty: '添加提醒，即可第一时间了解余额不足、大额付款、大额银行卡消费或新设备登录。',
    add: '添加提醒',
    edit: '修改',
    remove: '删除',
    kind: '提醒',
    condition: '条件',
    balance_below: '可用 {{asset}} 低于 {{amount}}',
    payout_above: '{{asset}} 付款高于 {{amount}}',
    card_purchase_above: '银行卡消费高于 {{amount}}',
    new_device_sign_in: '任何新设备登录',
    actions: '操作',
    limit: '您已设置 {{count}} 条提醒（最多 {{max}} 条）。',
  },
  form: {
    add_title: '添加提醒',
    edit_title: '修改提醒',
    kind: '提醒内容',
    asset: '资产',
    amount: '金额',
    amount_usd: '金额（USD）',
    save: '保存提醒',
    cancel: '取消',
    saved: '提醒已保存。',
    removed: '提醒已删除。',
    remove_title: '删除此提醒？',
    remove_text: '删除后，相关情况发生时将不再通知您。',
    remove_confirm: '删除提醒',
  },
  validation: {
    asset_required: '请选择资产',
    amount_required: '请输入金额',
  },
  errors: {
    too_many: '您的提醒数量已达上限。请删除一条后再添加。',
  },
  email: {
    why: '您收到此邮件，是因为您在网上银行设置了此提醒（{{time}}）。您可在“提醒”中修改或删除。',
    unknown_address: '未知地址',
    balance_below: {
      subject: '提醒：{{asset}} 余额低于 {{threshold}}',
      title: '您的余额已低于提醒金额',
      body: '贵公司的可用余额现为 {{available}}，低于您设定的 {{threshold}}。',
    },
    payout_above: {
      subject: '提醒：已提交 {{amount}} 的付款',
      title: '已提交一笔大额付款',
      body: '一笔向 {{destination}} 支付 {{amount}} 的付款已提交，高于您设定的 {{threshold}}。',
    },
    card_purchase_above: {
      subject: '提醒：银行卡消费 {{amount}}',
      title: '一笔大额银行卡消费',
      body: '尾号 {{last4}} 的银行卡在 {{merchant}} 消费 {{amount}}，高于您设定的 {{threshold}}。',
    },
    new_device_sign_in: {
      subject: '提醒：新设备登录',
      title: '您从新设备登录',
      body: '您的账户从 {{device}}（地址 {{ip}}）登录，这是您近期未使用过的设备。如果这不是您本人的操作，请立即修改密码并联系银行。',
    },
  },
};
