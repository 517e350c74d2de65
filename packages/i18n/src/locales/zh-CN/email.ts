import type { EmailMessages } from '../en/email.ts';

/** 服务器发送的邮件及不属于错误目录的服务器消息。 */
export const email: EmailMessages = {
  footer: '这是 Bank 自动发送的消息。我们的工作人员绝不会向您索取验证码或密码。',
  code: {
    register: {
      subject: '您的注册验证码',
      title: '确认您的邮箱地址',
      intro: '请使用此验证码完成账户注册。',
      unexpected: '如果这不是您本人的请求，请忽略此邮件：没有您的邮箱，任何人都无法使用此验证码。',
    },
    login: {
      subject: '您的登录验证码',
      title: '登录验证',
      intro: '请使用此验证码完成登录。',
      unexpected: '如果您没有尝试登录，说明有人知道您的密码：请立即修改密码。',
    },
    reset_password: {
      subject: '您的密码重置验证码',
      title: '重置密码',
      intro: '请使用此验证码设置新密码。',
      unexpected: '如果您没有申请重置密码，请忽略此邮件；您的密码保持不变。',
    },
    step_up: {
      subject: '您的确认验证码',
      title: '确认敏感操作',
      intro: '请使用此验证码确认您发起的操作。',
      unexpected: '如果您没有发起任何操作，请立即修改密码并联系我们。',
    },
    step_up_actions: {
      payout: {
        subject: '确认付款的验证码',
        intro: '请使用此验证码确认您正在发起、审批或取消的付款。',
      },
      payee: {
        subject: '确认收款人变更的验证码',
        intro: '请使用此验证码确认您正在添加、修改或删除的收款人或钱包地址。',
      },
      team: {
        subject: '确认团队变更的验证码',
        intro: '请使用此验证码确认对团队成员或权限的变更。',
      },
      webhooks: {
        subject: '确认 Webhook 变更的验证码',
        intro: '请使用此验证码确认对 Webhook 链接或签名密钥的变更。',
      },
      security: {
        subject: '确认安全设置变更的验证码',
        intro: '请使用此验证码确认对密码、身份验证器或恢复码的变更。',
      },
      card: {
        subject: '确认卡片操作的验证码',
        intro: '请使用此验证码确认您发起的卡片操作（PIN、冻结、注销或资料变更）。',
      },
    },
    validity: '验证码在 {{minutes}} 分钟内有效，且只能使用一次。',
  },
  account_exists: {
    subject: '您已经拥有账户',
    title: '您已经拥有账户',
    body: '有人尝试使用此邮箱地址注册新账户，但该地址已有账户。如果是您本人，请直接登录；如忘记密码，可以重置密码。如果不是您本人，请忽略此邮件。',
  },
  password_changed: {
    subject: '您的密码已修改',
    title: '您的密码已修改',
    body: '您账户的密码已于 {{time}} 修改，您的其他会话已退出登录。如果这不是您本人的操作，请立即重置密码并联系我们。',
  },
  password_reset: {
    subject: '您的密码已重置',
    title: '您的密码已重置',
    body: '您账户的密码已于 {{time}} 通过邮件验证码重置，所有会话均已退出登录。如果这不是您本人的操作，请立即再次重置密码并联系我们。',
  },
  authenticator_paired: {
    subject: '已绑定身份验证器',
    title: '身份验证器已绑定',
    body: '一个身份验证器应用已于 {{time}} 与您的账户绑定。今后登录时请使用其生成的验证码。如果这不是您本人的操作，请立即联系我们。',
  },
  authenticator_removed: {
    subject: '您的身份验证器已解除绑定',
    title: '身份验证器已解除绑定',
    body: '身份验证器应用已于 {{time}} 从您的账户解除绑定。今后登录验证码将通过邮件发送。如果这不是您本人的操作，请立即联系我们。',
  },
  authenticator_reset: {
    subject: '工作人员已重置您的身份验证器',
    title: '身份验证器已重置',
    body: '应您的请求，我们的工作人员已于 {{time}} 从您的账户中移除身份验证器应用和恢复码，并已退出所有会话。请使用密码和电子邮件验证码登录，然后重新绑定身份验证器。如果这不是您的请求，请立即联系我们。',
  },
  recovery_code_used: {
    subject: '有人使用恢复码登录了您的账户',
    title: '已使用恢复码',
    body: '{{time}} 有人使用恢复码登录了您的账户。剩余恢复码：{{left}} 个。如果这不是您本人，请立即联系我们。如果您丢失了身份验证器，请在“我的账户”中绑定新的身份验证器并生成新的恢复码。',
  },
  recovery_codes_regenerated: {
    subject: '已生成新的恢复码',
    title: '新的恢复码',
    body: '您的账户于 {{time}} 生成了一组新的恢复码，之前的恢复码已失效。请将新的恢复码保存在手机以外的安全位置。如果这不是您本人的操作，请立即联系我们。',
  },
  passkey_added: {
    subject: '您的账户已添加通行密钥',
    title: '已添加通行密钥',
    body: '您的账户于 {{time}} 添加了名为“{{name}}”的通行密钥，今后可用它确认登录。如果这不是您本人的操作，请在“我的账户”中将其移除并立即联系我们。',
  },
  passkey_removed: {
    subject: '您的账户已移除通行密钥',
    title: '已移除通行密钥',
    body: '名为“{{name}}”的通行密钥已于 {{time}} 从您的账户中移除。如果这不是您本人的操作，请立即联系我们。',
  },
  account_locked: {
    subject: '您的账户已被临时锁定',
    title: '账户已临时锁定',
    body: '由于 {{failures}} 次登录失败，您的账户在 {{until}} 之前无法登录。如果这些尝试不是您本人所为，可能有人在猜测您的密码：锁定结束后请考虑修改密码，或现在通过邮件验证码重置密码。',
  },
  team_invitation: {
    subject: '您受邀加入企业网银中的 {{company}}',
    title: '加入 {{company}}',
    body: '{{inviter}} 邀请您以 {{username}} 的身份使用 {{company}} 的企业网银。',
    action: '请通过此链接设置密码。链接仅可使用一次，有效期至 {{until}}：',
    next: '首次登录时，您需要在手机上绑定身份验证器应用。',
    unexpected: '如果您没有预期收到此邀请，请忽略本邮件。',
  },
  messages: {
    retry_after: '尝试次数过多，请{{seconds, relativetime(second)}}重试。',
    retry_after_minutes: '尝试次数过多，请{{minutes, relativetime(minute)}}重试。',
    account_locked_until: '由于失败次数过多，此账户已被临时锁定。请在 {{until}} 之后重试。',
    authenticator_pairing_required: '请先为账户绑定身份验证器应用，然后再进行其他操作。',
    authenticator_already_paired: '已绑定身份验证器。请先解除绑定，再绑定新的身份验证器。',
    authenticator_not_set_up: '请重新设置身份验证器：未找到上次的设置或已过期。',
    authenticator_not_paired: '此账户尚未绑定身份验证器。',
    passkeys_limit: '您的通行密钥已达上限 {{limit}} 个。请先移除一个再添加。',
    passkey_required_needs_one: '请先添加通行密钥，再为账户启用“必须使用通行密钥”。',
    passkey_last_required: '您的账户要求使用通行密钥：移除最后一个通行密钥前，请先关闭该要求。',
    passkey_none: '此账户尚未添加通行密钥。',
    account_disabled: '贵公司的管理员已停用您的访问权限。请联系管理员重新启用。',
    group_name_taken: '贵公司已有同名的权限组。',
    group_has_members: '请先将该组的成员移到其他权限组。',
    groups_limit: '贵公司的权限组已达上限 {{limit}} 个。',
    members_limit: '贵公司的用户已达上限 {{limit}} 个。',
    email_in_use: '此邮箱已属于本行的某位用户。请邀请其他邮箱。',
    not_own_membership: '您不能更改自己的访问权限。请联系其他管理员。',
    administrator_not_managed: '公司管理员拥有全部权限，不在此处管理。',
    member_action_not_allowed: '无法对状态为“{{status}}”的成员执行此操作。',
    invitation_invalid: '此邀请链接已失效。请联系管理员重新发送。',
  },
};
