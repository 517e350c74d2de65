import type { inbox as en } from '../en/inbox.ts';

/** 收件箱：页眉的铃铛与消息抽屉。 */
export const inbox: typeof en = {
  title: '消息',
  close: '关闭消息',
  bell: {
    label: '消息',
    unread_one: '消息，{{count}} 条未读',
    unread_other: '消息，{{count}} 条未读',
  },
  categories: {
    all: '全部',
    account: '账户',
    transactions: '交易',
    cards: '卡片',
    announcements: '公告',
    support: '客服',
  },
  categories_label: '消息类别',
  unread_only: '仅看未读',
  mark_all_read: '全部标为已读',
  marked_all_read: '所有消息已标为已读。',
  mark_read: '标为已读',
  delete: '删除消息',
  deleted: '消息已删除。',
  open: '查看',
  unread: '未读',
  load_more: '加载更多',
  all_loaded: '没有更多消息',
  empty: {
    title: '暂无消息',
    text: 'KYC 审核结果、资金到账或账户变动时，我们会在这里通知您。',
  },
  empty_unread: {
    title: '全部已读',
    text: '这里的消息您都已读过。',
  },
  reason: '原因：{{reason}}',
  alert_note: '这是您设置的提醒。可在“提醒”页面修改或删除。',
  kinds: {
    alert_balance_below: {
      title: '余额低于提醒金额',
      body: '您的可用余额现为 {{available}}，低于您设置的提醒金额 {{threshold}}。',
    },
    alert_payout_above: {
      title: '已提交大额付款',
      body: '一笔向 {{destination}} 支付 {{amount}} 的付款已提交，高于您设置的提醒金额 {{threshold}}。',
    },
    alert_card_purchase_above: {
      title: '大额银行卡消费',
      body: '卡号 •••• {{last4}} 在 {{merchant}} 消费 {{amount}}，高于您设置的提醒金额 {{threshold}}。',
    },
    alert_new_device_sign_in: {
      title: '新设备登录',
      body: '您从 {{device}}（地址 {{ip}}）登录，这是您近期未使用过的设备。',
      body_no_address: '您从 {{device}} 登录，这是您近期未使用过的设备。',
    },
    kyc_submitted: {
      title: 'KYC 已提交',
      body: '我们已收到贵公司的 KYC 申请，审核完成后将在这里通知您。',
    },
    kyc_approved: {
      title: 'KYC 已通过',
      body: '贵公司的 KYC 已通过审核，现在可以使用充值、转账和卡片服务。',
    },
    kyc_rejected: {
      title: 'KYC 未通过',
      body: '贵公司的 KYC 申请未通过审核。请阅读原因，修改相关部分后重新提交。',
    },
    kyc_refused: {
      title: 'KYC 已被拒绝',
      body: '贵公司的 KYC 申请已被拒绝。此为最终决定，不能重新提交。请联系您的客户经理，或通过“意见反馈”与我们联系。',
    },
    kyc_returned: {
      title: 'KYC 需要修改',
      body: '贵公司的 KYC 申请已退回修改。请修改标出的部分后重新提交。',
    },
    payout_approval_requested: {
      title: '有一笔付款等待您审批',
      body: '同事提交了向 {{destination}} 支付 {{amount}} {{asset}} 的付款。',
    },
    payout_in_review: { title: '付款审核中', body: '向 {{destination}} 支付的 {{amount}} {{asset}} 正在由银行审核。' },
    payout_sent: { title: '付款已发出', body: '向 {{destination}} 支付的 {{amount}} {{asset}} 已发出。' },
    payout_completed: { title: '付款已完成', body: '向 {{destination}} 支付的 {{amount}} {{asset}} 已完成。' },
    payout_rejected: {
      title: '付款被拒绝',
      body: '向 {{destination}} 支付的 {{amount}} {{asset}} 被拒绝，金额和手续费已退回您的余额。',
    },
    payout_cancelled: {
      title: '付款已取消',
      body: '向 {{destination}} 支付的 {{amount}} {{asset}} 在审批前已取消，金额和手续费已退回您的余额。',
    },
    payout_failed: {
      title: '付款失败',
      body: '向 {{destination}} 支付的 {{amount}} {{asset}} 失败，金额和手续费已退回您的余额。',
    },
    payout_batch_approval_requested: {
      title: '有一批付款等待您审批',
      body_one: '同事提交了批量付款 {{file}}（{{count}} 笔付款）。',
      body_other: '同事提交了批量付款 {{file}}（{{count}} 笔付款）。',
    },
    payout_batch_rejected: {
      title: '批量付款已被拒绝',
      body_one: '批量付款 {{file}}（{{count}} 笔付款）已被拒绝，金额和手续费已退回您的余额。',
      body_other: '批量付款 {{file}}（{{count}} 笔付款）已被拒绝，金额和手续费已退回您的余额。',
    },
    deposit_credited: {
      title: '充值已到账',
      body: '{{amount}} {{asset}} 已存入您的账户。',
      body_network: '{{network}} 网络上的 {{amount}} {{asset}} 已存入您的账户。',
    },
    feedback_answered: {
      title: '您的反馈已答复',
      body: '银行已答复您的反馈。打开即可查看答复。',
    },
    contact_request_handled: {
      title: '您的请求已处理',
      body: '您的客户经理已处理您关于{{product}}的请求。',
    },
    contact_request_received: {
      title: '新的联系请求',
      body: '一位客户请求就{{product}}与其联系。',
    },
    fx_converted: { title: '兑换已完成', body: '{{from_amount}} 已兑换为 {{amount_received}}。' },
    otc_quoted: {
      title: '您的场外报价已就绪',
      body: '{{from_amount}} 兑换为 {{to_asset}}：您将收到 {{amount_received}}。请在报价过期前于场外交易页面接受或拒绝。',
    },
    otc_settled: { title: '场外交易已结算', body: '{{from_amount}} 已兑换为 {{amount_received}}。' },
    otc_request_received: { title: '新的场外询价', body: '一位客户请求报价：{{from_amount}} 兑换为 {{to_asset}}。' },
    card_application_submitted: {
      title: '开卡申请已提交',
      body: '{{name}} 的开卡申请正在审核中（{{days}} 个工作日）。',
    },
    card_application_approved: {
      title: '开卡申请已批准',
      body: '{{name}} 的卡片已下单：发卡机构核验持卡人 KYC 后即印制并寄出。',
    },
    card_application_rejected: { title: '开卡申请被拒绝', body: '{{name}} 的开卡申请被拒绝，冻结的制卡费已释放。' },
    card_awaiting_activation: {
      title: '您的卡已寄出',
      body: '卡 •••• {{last4}} 已邮寄。收到后，请使用信封中的 KIT 码和激活码激活。',
    },
    card_activated: { title: '卡已激活', body: '卡 •••• {{last4}} 已激活。' },
    card_blocked: { title: '卡已冻结', body: '卡 •••• {{last4}} 已被冻结。卡片详情中写明了冻结人和原因。' },
    card_unblocked: { title: '卡已解冻', body: '卡 •••• {{last4}} 已恢复使用。' },
    card_anomaly: {
      title: '卡片异常',
      body: '发卡处理方报告卡 •••• {{last4}} 出现异常：{{cause}}。',
      body_no_cause: '发卡处理方报告卡 •••• {{last4}} 出现异常，详情请查看卡片信息。',
    },
    card_expired: { title: '卡已过期', body: '卡 •••• {{last4}} 已到期且未续费，不能再使用。' },
    card_cancelled: { title: '卡片已注销', body: '卡 •••• {{last4}} 已注销，不能再使用。' },
    card_replacement_refused: {
      title: '补卡被拒',
      body: '发卡处理方拒绝签发补发卡。原卡可以重新申请补卡或注销。',
    },
    card_balance_returned: {
      title: '卡内余额已退回',
      body: '卡 •••• {{last4}} {{ending}}：卡内剩余的 {{amount}} USD 已退回您的账户，到账 {{credited}}（汇率：{{rate}}）。',
      endings: { expired: '已过期', cancelled: '已注销' },
    },
    card_auto_renewal_failed: {
      title: '自动续费失败',
      body: '未能从您的 {{asset}} 中扣取卡 •••• {{last4}} 的年费（{{amount}} USD，到期日 {{due_on}}）。请充值余额或在续费页面手动续费。',
    },
    card_replacement_fee_owed: {
      title: '补卡待付费',
      body: '卡 •••• {{last4}} 已永久冻结。由于余额不足，未能扣取补卡费（{{amount}} USD），新卡尚未订购。请先充值余额，再在该卡上支付补卡费。',
    },
    card_processor_failed: {
      title: '发卡处理方故障：请联系客户',
      body_unavailable:
        '{{company}} 尝试{{action}}时，发卡处理方没有响应。操作未执行，客户已被告知我们会尽快与其联系。',
      body_malformed:
        '{{company}} 尝试{{action}}时，发卡处理方返回了产品无法识别的数据。产品中未执行任何操作；请在处理方处核对该卡并联系客户。',
      actions: {
        username_check: '核验持卡人用户名',
        card_application: '提交卡片申请',
        cardholder_update: '更正持卡人资料',
        activation: '激活卡片',
        set_pin: '设置卡片 PIN',
        block: '冻结卡片',
        unblock: '解冻卡片',
        replacement: '申请补卡',
        mailing_address: '更改卡片邮寄地址',
        cancellation: '注销卡片',
        renewal: '续期卡片',
        top_up: '为卡片充值',
        programme_binding: '绑定计划卡',
        programme_unbinding: '解绑计划卡',
      },
    },
    programme_batch_ready_to_bind: {
      title: '已印制卡片可绑定',
      body: '印制批次 {{batch_number}}（{{quantity}} 张卡）已印制并寄出。请将其卡片绑定给您的持卡人。',
    },
    programme_card_bound: {
      title: '卡片已绑定',
      body: '卡 •••• {{last4}} 已绑定给 {{cardholder_name}}：请使用信函中的代码激活。',
    },
    programme_membership_fee_failed: {
      title: '会员费未能支付',
      body: '卡片 •••• {{last4}} 的会员费（{{amount}} USD，到期日 {{due_on}}）未能扣取：USDC 与 USDT 余额均不足。请充值，或在会员费页面支付。',
    },
    announcement_published: {
      title: '新公告',
      body: '银行发布了一则公告。打开即可阅读全文。',
    },
    top_up_completed: { title: '卡片充值成功', body: '{{amount}} USD 已充值到卡片 •••• {{last4}}。' },
    top_up_returned: {
      title: '卡片充值已退回',
      body: '向卡片 •••• {{last4}} 充值的 {{amount}} USD 已退回，预留的 {{asset}} 已释放。',
    },
    top_up_cancelled: {
      title: '卡片充值已取消',
      body: '向卡片 •••• {{last4}} 充值的 {{amount}} USD 已取消，预留的 {{asset}} 已释放。',
    },
    security_changed: {
      title: '安全变更',
      changes: {
        password_changed: '您的密码已修改。',
        password_reset: '您的密码已重置。',
        authenticator_paired: '您的账户已绑定身份验证器应用。',
        authenticator_removed: '您的身份验证器应用已解除绑定。',
        authenticator_reset: '我们的工作人员在核实您的身份后重置了您的身份验证器。',
        recovery_code_used: '有人使用恢复码登录了您的账户。',
        recovery_codes_regenerated: '已生成新的恢复码，旧恢复码已失效。',
        passkey_added: '您的账户已添加通行密钥。',
        passkey_removed: '您的账户已移除通行密钥。',
        account_locked: '由于多次登录失败，您的账户已被暂时锁定。',
      },
      not_you: '如果这不是您本人的操作，请立即联系银行。',
    },
  },
};
