import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromContentDisposition('attachment; filename="statement 2025-10.pdf"')).toBe(
      'statement 2025-10.pdf',
    );
  });

  it('reads an unquoted file name', () => {
    expect(filenameFromContentDisposition('attachment; filename=transactions.csv')).toBe('transactions.csv');
  });

  it('prefers the UTF-8 form, decoded', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="statement.pdf"; filename*=UTF-8''%E5%AF%B9%E8%B4%A6%E5%8D%95.pdf`,
      ),
    ).toBe('对账单.pdf');
  });

  it('drops path parts so a name cannot leave the download folder', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });

  it('answers null without a name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('inline')).toBeNull();
  });
});
