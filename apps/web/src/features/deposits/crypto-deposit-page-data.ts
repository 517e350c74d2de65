/**
 * What /blockchain_d/deposit_jmhb loads first: the company's recent deposits, the assets and
 * networks (deposit/getConfig) and then the address of the first asset on its first network, started
 * before the page's code has arrived (app/page-data.ts).
 */
import { type DepositConfig, getDepositConfig, getDepositDetails, listDeposits } from '@bank/contract/deposit';
import type { DigitalAsset, Network } from '@bank/contract/money';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** Starts the recent deposits' load before the code of a page that shows them has arrived. */
function prefetchRecentDeposits() {
  void prefetchScreenData(listDeposits, {});
}

/** The asset shown first, and its first network. */
export function firstAssetOf(config: DepositConfig): DigitalAsset {
  return config.assets[0]?.asset ?? 'USDT';
}

export function firstNetworkOf(config: DepositConfig, asset: DigitalAsset): Network | undefined {
  return config.assets.find((entry) => entry.asset === asset)?.networks[0]?.network;
}

export function loadCryptoDepositPage(): void {
  prefetchRecentDeposits();
  void prefetchScreenData(getDepositConfig, {}).then((config) => {
    if (!config) return;
    const asset = firstAssetOf(config);
    const network = firstNetworkOf(config, asset);
    if (network) void prefetchScreenData(getDepositDetails, { asset, network });
  });
}
