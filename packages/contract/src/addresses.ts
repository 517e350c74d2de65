/**
 * Blockchain addresses per network (DECISIONS.md "Money": networks are rails). One check for every
 * address the product shows or accepts: the custody simulator's deposit addresses, and later the
 * address book's payout addresses. Checksums come from audited libraries (@noble/hashes for
 * Keccak-256 and SHA-256, @scure/base for base58check and bech32), never hand-written:
 *
 * - ERC20, BEP20 and ETH: 0x and 40 hex digits; mixed case must be the EIP-55 checksum (all lower
 *   or all upper case carries none, as EIP-55 allows);
 * - TRC20: base58check of 0x41 and 20 bytes (T...);
 * - BTC: segwit bech32 (v0, 20 or 32 bytes) or bech32m (v1 to v16), or legacy base58check P2PKH
 *   (1...) and P2SH (3...), mainnet.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { Network } from './money.ts';

const base58check = createBase58check(sha256);
const tronPrefix = 0x41;
const bitcoinP2pkh = 0x00;
const bitcoinP2sh = 0x05;

/** EIP-55: each hex letter upper case where the Keccak-256 of the lower-case address has a nibble >= 8. */
export function eip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const character = lower[index] ?? '';
    checksummed += Number.parseInt(hash[index] ?? '0', 16) >= 8 ? character.toUpperCase() : character;
  }
  return checksummed;
}

function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return eip55(address) === address;
}

function base58Payload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

function isTronAddress(address: string): boolean {
  const payload = base58Payload(address);
  return payload !== null && payload.length === 21 && payload[0] === tronPrefix;
}

function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  for (const [codec, isVersionAllowed] of [
    [bech32, (version: number) => version === 0],
    [bech32m, (version: number) => version >= 1 && version <= 16],
  ] as const) {
    try {
      const decoded = codec.decode(lower as `${string}1${string}`, 90);
      if (decoded.prefix !== 'bc') continue;
      const [version, ...words] = decoded.words;
      if (version === undefined || !isVersionAllowed(version)) continue;
      const program = codec.fromWords(words);
      if (version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40)
        return true;
    } catch {
      // not this encoding (or not an address at all)
    }
  }
  return false;
}

function isBitcoinAddress(address: string): boolean {
  if (isSegwitAddress(address)) return true;
  const payload = base58Payload(address);
  return payload !== null && payload.length === 21 && (payload[0] === bitcoinP2pkh || payload[0] === bitcoinP2sh);
}

/** Whether `address` is a well-formed address of `network`, its checksum included. */
export function isValidAddress(network: Network, address: string): boolean {
  switch (network) {
    case 'ERC20':
    case 'BEP20':
    case 'ETH':
      return isEvmAddress(address);
    case 'TRC20':
      return isTronAddress(address);
    case 'BTC':
      return isBitcoinAddress(address);
  }
}

/** The address of `network` for an account key's 20-byte hash (the custody simulator's addresses). */
export function addressOfKeyHash(network: Network, keyHash: Uint8Array): string {
  if (keyHash.length !== 20) throw new Error('an address is made from a 20-byte key hash');
  switch (network) {
    case 'ERC20':
    case 'BEP20':
    case 'ETH':
      return eip55(`0x${bytesToHex(keyHash)}`);
    case 'TRC20':
      return base58check.encode(Uint8Array.of(tronPrefix, ...keyHash));
    case 'BTC':
      return bech32.encode('bc', [0, ...bech32.toWords(keyHash)]);
  }
}
