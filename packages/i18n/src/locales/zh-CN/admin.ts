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
      account: '我的账户',
    },
  },
  home: {
    greeting: '当前登录：{{name}}',
    sections: '后台工作',
    kyc_review: '审核公司提交的KYC资料并作出决定。',
    audit_log: '所有登录、失败、锁定、密码和验证方式变更，按时间倒序。',
    announcements: '向客户发布公告。',
    open: '打开',
  },
  audit: {
    title: '审计日志',
    purpose: '所有用户的安全事件，按时间倒序排列。记录不可修改或删除。',
    filter: '操作',
    all_actions: '全部操作',
    columns: {
      time: '时间',
      action: '操作',
      actor: '用户',
      company: '公司',
      ip: 'IP地址',
      detail: '详情',
    },
    load_more: '加载更多',
    all_loaded: '已显示全部记录。',
    empty_title: '暂无记录',
    empty_description: '该操作尚无任何记录。',
    actions: {
      account_registered: '账户注册',
      login_succeeded: '登录成功',
      login_failed: '登录失败',
      login_locked: '账户锁定',
      password_changed: '修改密码',
      password_change_failed: '修改密码被拒绝',
      password_reset: '重置密码',
      profile_changed: '修改资料',
      authenticator_paired: '绑定身份验证器',
      authenticator_removed: '移除身份验证器',
      authenticator_remove_failed: '移除身份验证器被拒绝',
      session_revoked: '会话退出',
      session_revoked_others: '退出其他会话',
      session_signed_out: '退出登录',
      step_up_verified: '身份确认',
      step_up_failed: '身份确认失败',
      terms_accepted: '接受条款',
    },
  },
};
