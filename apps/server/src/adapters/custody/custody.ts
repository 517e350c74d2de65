/**
 * The custody adapter (DECISIONS.md "Money"): the provider that holds the bank's keys and gives
 * each company an address per network. The simulator behaves like one: a new key's 20-byte hash
 * per address, written in the network's own format with its checksum (contract addresses.ts). A
 * real provider implements the same interface. The simulated networks add blocks at about their
 * real pace (simulatedBlocksOfMinute), which confirm deposits and payouts alike.
 */
import { randomBytes } from 'node:crypto';
import { addressOfKeyHash } from '@bank/contract/addresses';
import type { Network } from '@bank/contract/money';

type OutgoingCoins = { network: Network; asset: string; address: string; amount: string; reference: string };

export type CustodyProvider = {
  name: string;
  /** A new deposit address on the network, for the bank's customer `reference`. */
  openAddress(network: Network, reference: string): Promise<string>;
  /** Signs and broadcasts a payout; answers its transaction hash (confirmations follow on the network). */
  sendCoins(outgoing: OutgoingCoins): Promise<{ txHash: string }>;
};

export function createSimulatedCustody(): CustodyProvider {
  return {
    name: 'simulator',
    async openAddress(network) {
      return addressOfKeyHash(network, new Uint8Array(randomBytes(20)));
    },
    async sendCoins(outgoing) {
      return { txHash: simulatedTxHash(outgoing.network) };
    },
  };
}

/** A transaction hash as the network writes it (the simulator's stand-in for the real one). */
export function simulatedTxHash(network: Network): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ERC20' || network === 'BEP20' || network === 'ETH' ? `0x${hex}` : hex;
}

/** Blocks a simulated network adds per minute (about its real block time; BTC one per ten minutes). */
export const blocksPerMinute: Readonly<Record<Network, number>> = { ERC20: 5, BEP20: 20, TRC20: 20, BTC: 0.1, ETH: 5 };

/** The simulated networks' minute: BTC's tenth of a block is a block one minute in ten. */
export function simulatedBlocksOfMinute(now: Date): (network: Network) => number {
  return (network) => {
    const perMinute = blocksPerMinute[network];
    if (perMinute >= 1) return perMinute;
    return Math.floor(now.getTime() / 60_000) % Math.round(1 / perMinute) === 0 ? 1 : 0;
  };
}
