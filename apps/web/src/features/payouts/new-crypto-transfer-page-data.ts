/**
 * What /blockchain_w/new_digital_asset loads first: the addresses the form offers for the asset and
 * network it opens on, the payout configuration and the balances it pays from; started before the
 * page's code has arrived (app/page-data.ts).
 */
import { type DigitalAsset, digitalAssets, type Network, networksOfAsset } from '@bank/contract/money';
import { listPayoutAddresses } from '@bank/contract/payouts';
import { prefetchAvailableBalances } from '../../api/balances.ts';
import { type PagePlace, prefetchScreenData } from '../../lib/screen-query.ts';
import { type CryptoDraftValues, readDraft } from './payout-format.ts';
import { prefetchPayoutConfig } from './payout-queries.ts';

function isAssetValue(value: string | null): value is DigitalAsset {
  return (digitalAssets as readonly (string | null)[]).includes(value);
}

/** The values the form opens on: a link's asset, network and address, else the kept draft's, else its defaults. */
export function initialValues(params: URLSearchParams): CryptoDraftValues {
  const draft = readDraft('crypto');
  const asset = params.get('asset');
  const network = params.get('network');
  const address = params.get('address');
  // A link from the address book names the asset, network and address.
  if (isAssetValue(asset) && networksOfAsset[asset].includes(network as Network) && address)
    return {
      ...(draft?.values ?? { amount: '', purpose: '', sender_account_name: '', remarks: '' }),
      asset,
      network: network as Network,
      address_id: address,
    };
  if (draft) return draft.values;
  return {
    asset: 'USDT',
    network: 'ERC20',
    address_id: '',
    amount: '',
    purpose: '',
    sender_account_name: '',
    remarks: '',
  };
}

/** The addresses offered: those saved for the asset and network chosen. */
export function addressesRequestOf(values: CryptoDraftValues) {
  return { asset: values.asset, network: values.network };
}

export function loadNewCryptoTransferPage({ search }: PagePlace): void {
  // The form opens on the address's choice, else the kept draft's, else its defaults.
  void prefetchScreenData(listPayoutAddresses, addressesRequestOf(initialValues(search)));
  void prefetchPayoutConfig();
  void prefetchAvailableBalances();
}
