import type { KycEmailMessages } from '../en/kyc-email.ts';

/** 服务器端的公司 KYC：提交与每项审核决定的邮件，以及拒绝提示。 */
export const kycEmail: KycEmailMessages = {
  submitted: {
    subject: '我们已收到您的 KYC',
    title: '已收到 KYC',
    body: '{{company}} 的 KYC 已于 {{time}} 提交审核。我们的合规团队通常会在 {{days}} 个工作日内完成审核；在此期间各部分无法修改。我们会通过邮件通知您审核结果。',
  },
  approved: {
    subject: '您的 KYC 已通过',
    title: 'KYC 已通过',
    body: '{{company}} 的 KYC 已于 {{time}} 通过审核。您现在可以使用充值、转账、卡片及账户的其他功能。',
  },
  rejected: {
    subject: '您的 KYC 未获通过',
    title: 'KYC 未获通过',
    body: '{{company}} 的 KYC 于 {{time}} 未获通过。您可以修改相关部分后重新提交。',
  },
  returned: {
    subject: '您的 KYC 需要修改',
    title: 'KYC 已退回修改',
    body: '{{company}} 的 KYC 已于 {{time}} 退回给您修改。请更新相关部分后重新提交。',
  },
  refused: {
    subject: '您的 KYC 申请已被拒绝',
    title: 'KYC 已被拒绝',
    body: '{{company}} 的 KYC 已于 {{time}} 被拒绝。此为最终决定：该申请不能再修改或重新提交。',
    next_steps:
      '如您对此决定有疑问，或贵公司的情况已发生变化，请联系您的客户经理，或通过账户菜单中的“意见反馈”与我们联系。',
  },
  reason: '银行给出的原因：{{reason}}',
  unnamed_company: '贵公司',
  messages: {
    not_editable: '您的 KYC 在当前状态下无法修改。',
    refused_final: '贵公司的 KYC 已被拒绝，不能再修改或重新提交。请联系您的客户经理。',
    document_unknown: '未找到该文件，请重新上传。',
    signature_not_allowed: '此部分不能上传签名。',
    upload_not_received: '文件尚未送达，请重新上传。',
    upload_finished: '此次上传已完成或已被拒绝，请重新上传文件。',
    upload_expired: '此次上传已过期，请重新上传文件。',
    phone_link_invalid: '此上传链接无效，请在电脑上重新生成。',
    phone_link_expired: '此上传链接已过期，请在电脑上重新生成。',
    phone_link_used: '此上传链接已被使用，请在电脑上重新生成。',
    phone_link_attempts: '此上传链接尝试次数过多，请在电脑上重新生成。',
  },
};
