import { describe, expect, it } from 'vitest';
import { addressOfKeyHash, eip55, isValidAddress } from './addresses.ts';
import { networks } from './money.ts';

describe('EVM addresses (ERC20, BEP20, ETH)', () => {
  // The test vectors of EIP-55.
  const vectors = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('accepts the EIP-55 vectors and checksums them as published', () => {
    for (const address of vectors) {
      expect(isValidAddress('ERC20', address), address).toBe(true);
      expect(isValidAddress('BEP20', address), address).toBe(true);
    }
    for (const address of vectors.slice(4)) expect(eip55(address.toLowerCase())).toBe(address);
  });

  it('refuses a wrong checksum, a wrong length and non-hex digits', () => {
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toBe(false);
    expect(isValidAddress('ETH', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});

describe('TRON addresses (TRC20)', () => {
  it('accepts TRON addresses (the USDT and USDC contracts) and refuses a changed character', () => {
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('TRC20', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8')).toBe(true);
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    // A valid base58check of another network (a Bitcoin P2PKH address) is not a TRON address.
    expect(isValidAddress('TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
  });
});

describe('Bitcoin addresses', () => {
  it('accepts the BIP-173 and BIP-350 mainnet vectors and legacy P2PKH and P2SH', () => {
    for (const address of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ])
      expect(isValidAddress('BTC', address), address).toBe(true);
  });

  it('refuses a broken checksum, mixed case, a testnet address, a v0 address in bech32m and a v1 address in bech32', () => {
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7Kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      // BIP-350's invalid vectors: a v0 program with the bech32m checksum, a v1 program with bech32's.
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ])
      expect(isValidAddress('BTC', address), address).toBe(false);
  });
});

it('makes a valid address of every network from a key hash', () => {
  for (let round = 0; round < 20; round += 1) {
    const keyHash = Uint8Array.from({ length: 20 }, (_, index) => (round * 89 + index * 37 + 11) % 256);
    for (const network of networks) expect(isValidAddress(network, addressOfKeyHash(network, keyHash))).toBe(true);
  }
});
