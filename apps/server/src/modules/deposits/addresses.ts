/**
 * Deposit addresses: the company's address on a network, asked of the custody provider the first
 * time and kept. Two first asks at once keep one (the primary key decides; the other address is
 * never shown). An address the provider gives that fails its network's check is refused as a bug.
 */
import { isValidAddress } from '@bank/contract/addresses';
import { confirmationsOfNetwork, type DepositAddress } from '@bank/contract/deposit';
import type { DigitalAsset, Network } from '@bank/contract/money';
import { and, eq } from 'drizzle-orm';
import type { CustodyProvider } from '../../adapters/custody/custody.ts';
import type { DbHandle } from '../../platform/db.ts';
import { qrCodeSvg } from '../../platform/qr-code.ts';
import { depositAddresses } from './tables.ts';

async function addressOf(
  handle: DbHandle,
  custody: CustodyProvider,
  companyId: string,
  network: Network,
  now: Date,
): Promise<string> {
  const where = and(eq(depositAddresses.company_id, companyId), eq(depositAddresses.network, network));
  const [kept] = await handle.select({ address: depositAddresses.address }).from(depositAddresses).where(where);
  if (kept) return kept.address;
  const address = await custody.openAddress(network, companyId);
  if (!isValidAddress(network, address)) throw new Error(`custody gave an invalid ${network} address`);
  await handle
    .insert(depositAddresses)
    .values({ company_id: companyId, network, address, provider: custody.name, created_at: now })
    .onConflictDoNothing({ target: [depositAddresses.company_id, depositAddresses.network] });
  const [stored] = await handle.select({ address: depositAddresses.address }).from(depositAddresses).where(where);
  if (!stored) throw new Error('deposit address neither kept nor found');
  return stored.address;
}

export async function depositAddress(
  handle: DbHandle,
  custody: CustodyProvider,
  request: { companyId: string; asset: DigitalAsset; network: Network },
  now: Date,
): Promise<DepositAddress> {
  const address = await addressOf(handle, custody, request.companyId, request.network, now);
  return {
    asset: request.asset,
    network: request.network,
    address,
    qr_svg: await qrCodeSvg(address),
    confirmations: confirmationsOfNetwork[request.network],
  };
}
