/** 入金：接收数字资产（充值地址、网络、确认数）。 */
import type { deposit as en } from '../en/deposit.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const deposit: Strings<typeof en> = {
  crypto: {
    asset: '资产',
    network: '网络',
    address_title: '您在 {{network}} 上的 {{asset}} 充值地址',
    address_label: '充值地址',
    copy: '复制地址',
    copied: '地址已复制',
    qr_alt: '{{network}} 充值地址二维码',
    warning_title: '请仅向此地址发送 {{network}} 网络上的 {{asset}}',
    warning: '其他币种或通过其他网络发送的资产无法入账，并可能丢失。发送前请在钱包中核对网络。',
    confirmations: '网络确认 {{count}} 次后入账。',
    shared_address: '{{network}} 上的 USDT 和 USDC 都会到达此同一地址。',
  },
  recent: {
    title: '最近充值',
    empty_title: '暂无充值',
    empty: '发送到您地址的币一经网络发现即会显示在这里，并附带确认数。',
    seen_at: '发现时间',
    asset: '资产',
    amount: '金额',
    confirmations: '确认数',
    confirmations_of: '{{count}} / {{required}}',
    status: '状态',
    hash: '交易哈希',
  },
  bank: {
    currency: '币种',
    title: '请将 {{currency}} 汇至此账户',
    reference: '您的参考编号',
    reference_help:
      '每笔汇款都请在附言中填写此参考编号。我们据此确认款项属于贵公司；未填写的汇款将在核对完成前暂时挂起。',
    copy: '复制{{field}}',
    copied: '{{field}}已复制',
    conversion: '到账资金将按当前汇率兑换为 USDC，扣除兑换手续费后计入您的账户。',
    fields: {
      beneficiary: '收款人',
      account_number: '账号',
      iban: 'IBAN',
      bank_name: '银行名称',
      swift: 'SWIFT / BIC',
      routing_number: '路由号码（ABA）',
      sort_code: '银行分类代码',
      bsb: 'BSB',
      bank_code: '银行代码',
      branch_code: '分行代码',
      bank_address: '银行地址',
    },
  },
};
