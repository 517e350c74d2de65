/**
 * The custody adapter (DECISIONS.md "Money"): the provider that holds the bank's keys and gives
 * each company an address per network. The simulator behaves like one: a new key's 20-byte hash
 * per address, written in the network's own format with its checksum (contract addresses.ts). A
 * real provider implements the same interface; incoming coins come with the deposits part.
 */
import { randomBytes } from 'node:crypto';
import { addressOfKeyHash } from '@bank/contract/addresses';
import type { Network } from '@bank/contract/money';

export type CustodyProvider = {
  name: string;
  /** A new deposit address on the network, for the bank's customer `reference`. */
  openAddress(network: Network, reference: string): Promise<string>;
};

export function createSimulatedCustody(): CustodyProvider {
  return {
    name: 'simulator',
    async openAddress(network) {
      return addressOfKeyHash(network, new Uint8Array(randomBytes(20)));
    },
  };
}
