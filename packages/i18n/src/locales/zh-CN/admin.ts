import type { admin as en } from '../en/admin.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const admin: Strings<typeof en> = {
  navigation: {
    groups: { back_office: '后台', personal: '个人' },
    items: {
      overview: '概览',
      kyc_review: 'KYC审核',
      audit_log: '审计日志',
      announcements: '公告',
      deposit_operations: '入金运营',
      ledger_explorer: '账本浏览器',
      feedback: '客户反馈',
      contact_requests: '联系请求',
      otc_desk: '场外交易台',
      card_review: '卡片申请',
      card_operations: '卡片',
      card_programme: '企业卡计划',
      account: '我的账户',
    },
  },
  home: {
    greeting: '当前登录：{{name}}',
    sections: '后台工作',
    kyc_review: '审核公司提交的KYC资料并作出决定。',
    audit_log: '所有登录、失败、锁定、密码和验证方式变更，按时间倒序。',
    announcements: '向客户发布公告。',
    deposit_operations: '为到账的银行转账入账或退回，跟踪网络确认中的币，并操作模拟器。',
    ledger_explorer: '浏览账本的所有账户与转账，并核验资金未凭空产生或丢失。',
    feedback: '阅读并答复客户反馈，答复会送达客户的消息。',
    contact_requests: '客户就产品请求联系：您负责的公司的请求，或包括共享队列在内的全部请求。',
    otc_desk: '以汇率和有效期答复客户的场外交易询价。',
    card_review: '批准或拒绝卡片申请，跟进发卡机构对持卡人 KYC 的审核。',
    card_operations: '管理员冻结、卡片费用表和发卡机构模拟器。',
    card_programme: '企业的卡计划合同、待审批的预订单以及分配到印制批次。',
    open: '打开',
  },
  no_permission: {
    title: '不在您的角色权限内',
    description: '您的员工角色不包含此后台工作。如有需要，请联系系统管理员。',
  },
  queue_search: {
    label: '搜索此队列',
    placeholder: '公司、人员、参考编号或编号',
    clear: '清除搜索',
    none_title: '没有符合搜索的项目',
    none_description: '请换个关键词，或清除搜索。',
  },
};
