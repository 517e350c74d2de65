/**
 * Deposits (DECISIONS.md "Money"): digital assets arrive at the company's own address on each
 * network, given by the custody provider and checked for its network (addresses.ts), and are
 * credited after the network's confirmations.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { DigitalAssetSchema } from './ledger.ts';
import {
  checkAmount,
  type DigitalAsset,
  digitalAssets,
  fiatCurrencies,
  type Network,
  networks,
  networksOfAsset,
} from './money.ts';
import { TransactionStatus } from './states.ts';
import { identifierText } from './text.ts';

/** Confirmations after which an incoming coin is credited (simulated as DECISIONS.md says). */
export const confirmationsOfNetwork: Readonly<Record<Network, number>> = {
  ERC20: 12,
  BEP20: 15,
  TRC20: 19,
  BTC: 3,
  ETH: 12,
};

export const NetworkSchema = z.enum(networks);

export const DepositConfig = z.object({
  assets: z.array(
    z.object({
      asset: DigitalAssetSchema,
      networks: z.array(z.object({ network: NetworkSchema, confirmations: z.number().int() })),
    }),
  ),
});
export type DepositConfig = z.infer<typeof DepositConfig>;

/** What getConfig answers: the contract's own tables, so that server and screens cannot differ. */
export function depositConfig(): DepositConfig {
  return {
    assets: digitalAssets.map((asset: DigitalAsset) => ({
      asset,
      networks: networksOfAsset[asset].map((network) => ({ network, confirmations: confirmationsOfNetwork[network] })),
    })),
  };
}

export const getDepositConfig = defineCall({
  path: '/api/v1/deposit/getConfig',
  summary: 'The digital assets a company can receive, each with its networks and their confirmations',
  request: z.object({}).strict(),
  response: DepositConfig,
});

export const DepositAddressRequest = z
  .object({ asset: DigitalAssetSchema, network: NetworkSchema })
  .strict()
  .refine((value) => networksOfAsset[value.asset].includes(value.network), {
    path: ['network'],
    message: 'validation.network_of_asset',
  });

export const DepositAddress = z.object({
  asset: DigitalAssetSchema,
  network: NetworkSchema,
  /** The company's own address on the network (one per network: USDT and USDC on ERC20 share it). */
  address: z.string(),
  /** The address as a QR code (an SVG drawn by the server, shown as an image). */
  qr_svg: z.string(),
  confirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof DepositAddress>;

export const getDepositDetails = defineCall({
  path: '/api/v1/deposit/details',
  summary: "The company's deposit address for an asset on a network (made by the custody provider on first ask)",
  request: DepositAddressRequest,
  response: DepositAddress,
});

/** A deposit as the company sees it: in process while the network confirms it, then success. */
export const Deposit = z.object({
  deposit_id: z.string(),
  asset: DigitalAssetSchema,
  network: NetworkSchema,
  amount: z.string(),
  status: TransactionStatus,
  confirmations: z.number().int(),
  confirmations_required: z.number().int(),
  /** The transaction's hash on its network. */
  tx_hash: z.string(),
  /** When the bank first saw it on the network; when it was credited. */
  seen_at: z.string(),
  credited_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const depositPageSize = 20;

export const DepositRecordRequest = z
  .object({
    /** The last deposit_id of the previous page (keyset); absent for the first page. */
    after: z.string().uuid().optional(),
  })
  .strict();

export const DepositRecord = z.object({
  items: z.array(Deposit),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});

export const listDeposits = defineCall({
  path: '/api/v1/deposit/record',
  summary: "The company's deposits, newest first, a page at a time",
  request: DepositRecordRequest,
  response: DepositRecord,
});

/** Outside production only: the custody simulator sends coins to a company's deposit address. */
export const simulateIncomingDeposit = defineCall({
  path: '/api/v1/admin/simulator/incomingDeposit',
  permission: 'deposit_operations',
  errors: ['not_found', 'forbidden'],
  summary: "Simulator: coins arrive at a company's deposit address (refused in production)",
  request: z
    .object({
      address: identifierText(100),
      asset: DigitalAssetSchema,
      network: NetworkSchema,
      /** A decimal string at most the asset's scale (NUMERIC(38, 18): 20 digits, a point, 18). */
      amount: z.string().max(39),
    })
    .strict()
    .superRefine((value, context) => checkAmount(value.amount, value.asset, {}, context, ['amount'])),
  response: Deposit,
});

/** Outside production only: the simulated networks add blocks, confirming deposits in flight. */
export const simulateBlocks = defineCall({
  path: '/api/v1/admin/simulator/blocks',
  permission: 'deposit_operations',
  errors: ['forbidden'],
  summary: 'Simulator: every network adds blocks; confirmed deposits are credited',
  request: z.object({ blocks: z.number().int().min(1).max(100) }).strict(),
  response: z.object({ credited: z.number().int() }),
});

/** The lines of a bank's receiving account, in the order a transfer form asks for them. */
export const bankDetailFields = [
  'beneficiary',
  'account_number',
  'iban',
  'bank_name',
  'swift',
  'routing_number',
  'sort_code',
  'bsb',
  'bank_code',
  'branch_code',
  'bank_address',
] as const;
export type BankDetailField = (typeof bankDetailFields)[number];

export const BankDetails = z.object({
  currency: z.enum(fiatCurrencies),
  /** The bank's receiving account for the currency (only the lines its country uses). */
  lines: z.array(z.object({ field: z.enum(bankDetailFields), value: z.string() })),
  /** The company's own reference: a transfer that carries it is credited to the company. */
  reference: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

export const getBankDetails = defineCall({
  path: '/api/v1/deposit/bankDetails',
  permission: 'deposit',
  isKycGated: true,
  summary: "The bank's receiving account for a fiat currency, with the company's reference",
  request: z.object({ currency: z.enum(fiatCurrencies) }).strict(),
  response: BankDetails,
});
