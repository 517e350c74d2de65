import { describe, expect, it } from 'vitest';
import { createGrantSigner } from './signed-grant.ts';
import { contentDispositionHeader, effectiveDisposition, isStorageKey, safeFileName } from './storage.ts';

describe('storage keys', () => {
  it.each(['companies/0190c9d2-7f00-7000-8000-000000000001/0190c9d2-7f00-7000-8000-000000000002', 'a', 'a_b/c-d/E9'])(
    'accepts the server-made key %s',
    (key) => {
      expect(isStorageKey(key)).toBe(true);
    },
  );

  it.each([
    '',
    '../etc/passwd',
    'companies/../../etc/passwd',
    'companies/./x',
    '/etc/passwd',
    'companies//x',
    'companies/x/',
    'companies\\..\\x',
    '.uploads/x',
    'companies/x.png',
    'companies/%2e%2e/x',
    'a/b/c/d/e/f/g/h/i',
    `a/${'b'.repeat(129)}`,
    'companies/x\u0000',
  ])('refuses %j', (key) => {
    expect(isStorageKey(key)).toBe(false);
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII filename and the exact UTF-8 name in filename* (RFC 6266)', () => {
    expect(contentDispositionHeader('attachment', 'Überweisung 2024 年.pdf')).toBe(
      `attachment; filename="_berweisung 2024 _.pdf"; filename*=UTF-8''%C3%9Cberweisung%202024%20%E5%B9%B4.pdf`,
    );
  });

  it('cannot be broken out of by quotes, semicolons, new lines or path separators in the name', () => {
    const header = contentDispositionHeader('inline', 'a";\r\nSet-Cookie: x=1; b/../c\\d\'(*).png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `inline; filename="a____Set-Cookie: x=1_ b_.._c_d'(*).png"; filename*=UTF-8''a%22%3B__Set-Cookie%3A%20x%3D1%3B%20b_.._c_d%27%28%2A%29.png`,
    );
  });

  it('never leaves the name empty', () => {
    expect(safeFileName('  ')).toBe('document');
    expect(safeFileName('..')).toBe('document');
  });

  it('shows only JPEG, PNG and PDF inline; anything else is an attachment', () => {
    expect(effectiveDisposition('image/png', 'inline')).toBe('inline');
    expect(effectiveDisposition('image/jpeg', 'inline')).toBe('inline');
    expect(effectiveDisposition('application/pdf', 'inline')).toBe('inline');
    expect(effectiveDisposition('application/pdf', 'attachment')).toBe('attachment');
    expect(effectiveDisposition('image/svg+xml', 'inline')).toBe('attachment');
    expect(effectiveDisposition('text/html', 'inline')).toBe('attachment');
  });
});

describe('signed grants', () => {
  const secret = 'grant-test-secret-0123456789abcdefghij';
  const signer = createGrantSigner(secret);
  const now = new Date('2026-03-01T10:00:00Z');
  const grant = { kind: 'put', key: 'companies/c1/u1', max_bytes: 100, exp: now.getTime() + 60_000 } as const;

  it('verifies its own unexpired grant of the asked kind', () => {
    expect(signer.verify(signer.sign(grant), 'put', now)).toEqual(grant);
  });

  it('refuses an expired grant, to the millisecond', () => {
    const token = signer.sign(grant);
    expect(signer.verify(token, 'put', new Date(grant.exp - 1))).not.toBeNull();
    expect(signer.verify(token, 'put', new Date(grant.exp))).toBeNull();
  });

  it('refuses an upload grant used as a download grant', () => {
    expect(signer.verify(signer.sign(grant), 'get', now)).toBeNull();
  });

  it('refuses a grant whose payload was changed, even with the original signature', () => {
    const [, signature] = signer.sign(grant).split('.');
    const widened = Buffer.from(JSON.stringify({ ...grant, max_bytes: 10_000_000 })).toString('base64url');
    expect(signer.verify(`${widened}.${signature}`, 'put', now)).toBeNull();
  });

  it('refuses a grant signed with another secret', () => {
    const other = createGrantSigner('another-secret-0123456789abcdefghijklm');
    expect(signer.verify(other.sign(grant), 'put', now)).toBeNull();
  });

  it('refuses a validly signed grant whose key is not a storage key', () => {
    expect(signer.verify(signer.sign({ ...grant, key: '../../etc/passwd' }), 'put', now)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['without a signature', 'eyJ9'],
    ['with a short signature', 'eyJ9.abc'],
    ['in three parts', 'a.b.c'],
    ['too long', `${'a'.repeat(3000)}.${'b'.repeat(43)}`],
  ])('refuses a malformed token: %s', (_name, token) => {
    expect(signer.verify(token, 'put', now)).toBeNull();
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createGrantSigner('short')).toThrow(RangeError);
  });
});
