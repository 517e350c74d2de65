import { describe, expect, it } from 'vitest';
import { shortenMiddle } from './short-text.ts';

describe('shortenMiddle', () => {
  it('keeps the first ten and the last six characters of a long value', () => {
    expect(shortenMiddle('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52908400…169EE7');
  });

  it('leaves a value of eighteen characters or fewer whole', () => {
    expect(shortenMiddle('abcdefghijklmnopqr')).toBe('abcdefghijklmnopqr');
  });
});
