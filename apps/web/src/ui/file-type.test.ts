import { describe, expect, it } from 'vitest';
import { checkFile, formatFileSize, kycFileRules, megabytesOf, sniffDocumentType } from './file-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffDocumentType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffDocumentType(text('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('accepts a PDF whose signature follows a little junk, as readers do', () => {
    expect(sniffDocumentType(text('\r\n\r\n%PDF-1.4'))).toBe('application/pdf');
  });

  it('refuses a renamed executable, HTML and a truncated PNG signature', () => {
    expect(sniffDocumentType(text('MZ\x90\x00'))).toBeNull();
    expect(sniffDocumentType(text('<!doctype html><html>'))).toBeNull();
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffDocumentType(bytes())).toBeNull();
  });
});

describe('checkFile', () => {
  it('refuses a file over the limit before reading it, naming the limit in MB', async () => {
    const big = new Blob([new Uint8Array(kycFileRules.maxBytes + 1)]);
    expect(await checkFile(big, kycFileRules)).toEqual({
      isAccepted: false,
      problem: { key: 'validation.file_too_large', params: { size: 10 } },
    });
  });

  it('judges the type by content, not by the name', async () => {
    const htmlNamedPng = new File(['<html></html>'], 'scan.png', { type: 'image/png' });
    expect(await checkFile(htmlNamedPng, kycFileRules)).toEqual({
      isAccepted: false,
      problem: { key: 'validation.file_type' },
    });
    const pdfNamedTxt = new File(['%PDF-1.7 ...'], 'notes.txt', { type: 'text/plain' });
    expect(await checkFile(pdfNamedTxt, kycFileRules)).toEqual({ isAccepted: true, mimeType: 'application/pdf' });
  });

  it('refuses an empty file and a type the rules do not accept', async () => {
    expect(await checkFile(new Blob([]), kycFileRules)).toMatchObject({ isAccepted: false });
    const pdf = new Blob(['%PDF-1.7']);
    expect(await checkFile(pdf, { maxBytes: 100, acceptedTypes: ['image/png'] })).toMatchObject({
      isAccepted: false,
      problem: { key: 'validation.file_type' },
    });
  });
});

describe('sizes', () => {
  it('writes the limit and file sizes as people read them', () => {
    expect(megabytesOf(5 * 1024 * 1024)).toBe(5);
    expect(formatFileSize(900, 'en')).toBe('900 B');
    expect(formatFileSize(512 * 1024, 'en')).toBe('512 KB');
    expect(formatFileSize(2.45 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });
});
