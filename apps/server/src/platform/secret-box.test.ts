import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const box = createSecretBox('a-test-secret-of-at-least-thirty-two-characters');

describe('secret box', () => {
  it('seals so that only the same secret and purpose open, and never shows the plaintext', () => {
    const sealed = box.seal('authenticator-secret', 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('authenticator-secret', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open('authenticator-secret', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open('queued-email', sealed)).toThrow();
    expect(() =>
      createSecretBox('another-secret-of-at-least-thirty-two-chars').open('authenticator-secret', sealed),
    ).toThrow();
  });

  it('refuses a sealed value that was altered', () => {
    const sealed = box.seal('queued-email', '{"to":"ada@example.com"}');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open('queued-email', parts.join('.'))).toThrow();
  });

  it('hashes with a key per purpose and compares in constant time', () => {
    const hash = box.keyedHash('email-code', 'id:123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(box.keyedHash('other', 'id:123456')).not.toBe(hash);
    expect(box.matchesKeyedHash('email-code', 'id:123456', hash)).toBe(true);
    expect(box.matchesKeyedHash('email-code', 'id:123457', hash)).toBe(false);
    expect(box.matchesKeyedHash('email-code', 'id:123456', 'short')).toBe(false);
  });
});
