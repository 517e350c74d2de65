import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { uploadLimits } from '@bank/contract/constants';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUploadedDocument, detectDocumentType } from './content-check.ts';
import { DiskDocumentStorage } from './disk-storage.ts';
import {
  elfExecutable,
  framelessJpegFile,
  htmlPage,
  jpegFile,
  pdfFile,
  pngClaimingSize,
  pngFile,
  shellScript,
  svgImage,
  windowsExecutable,
  zipArchive,
} from './test-documents.ts';

describe('detectDocumentType judges by magic bytes only', () => {
  it.each([
    ['a PNG', pngFile(), 'image/png'],
    ['a JPEG', jpegFile(), 'image/jpeg'],
    ['a PDF', pdfFile(), 'application/pdf'],
  ])('accepts %s', async (_name, bytes, expected) => {
    expect(await detectDocumentType(bytes)).toBe(expected);
  });

  it.each([
    ['an ELF executable', elfExecutable()],
    ['a Windows executable', windowsExecutable()],
    ['a shell script', shellScript()],
    ['an HTML page', htmlPage()],
    ['an SVG image', svgImage()],
    ['a ZIP archive', zipArchive()],
    ['an empty file', Buffer.alloc(0)],
    ['a PNG signature cut short', pngFile().subarray(0, 4)],
  ])('refuses %s', async (_name, bytes) => {
    expect(await detectDocumentType(bytes)).toBeNull();
  });

  it('ignores everything but the bytes: a PDF header after a byte of junk is not a PDF', async () => {
    expect(await detectDocumentType(Buffer.concat([Buffer.from(' '), pdfFile()]))).toBeNull();
  });
});

describe('checkUploadedDocument', () => {
  let rootDir: string;
  let storage: DiskDocumentStorage;
  const limits = { allowedTypes: uploadLimits.documentMimeTypes, maxBytes: uploadLimits.kycMaxFileBytes };

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(os.tmpdir(), 'content-check-'));
    storage = new DiskDocumentStorage({
      rootDir,
      signingSecret: 'content-check-test-secret-0123456789abcdef',
      clock: { now: () => new Date() },
    });
  });
  afterAll(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  let keyCount = 0;
  async function stored(bytes: Buffer): Promise<string> {
    keyCount += 1;
    const key = `companies/c1/file-${keyCount}`;
    const result = await storage.receiveUpload(key, Readable.from([bytes]), { maxBytes: 20 * 1024 * 1024 });
    expect(result.outcome).toBe('stored');
    return key;
  }

  it('accepts a real PNG, JPEG and PDF with their type and size, whatever they were called', async () => {
    for (const [bytes, mimeType] of [
      [pngFile(), 'image/png'],
      [jpegFile(), 'image/jpeg'],
      [pdfFile(), 'application/pdf'],
    ] as const) {
      expect(await checkUploadedDocument(storage, await stored(bytes), limits)).toEqual({
        ok: true,
        mimeType,
        sizeBytes: bytes.length,
      });
    }
  });

  it.each([
    ['a renamed ELF executable', elfExecutable()],
    ['a renamed Windows executable', windowsExecutable()],
    ['a shell script', shellScript()],
    ['an HTML file named .png', htmlPage()],
    ['an SVG', svgImage()],
    ['a ZIP archive', zipArchive()],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as the wrong file type', async (_name, bytes) => {
    expect(await checkUploadedDocument(storage, await stored(bytes), limits)).toEqual({
      ok: false,
      failure: 'file_type',
    });
  });

  it.each([
    ['a JPEG with no frame to draw', framelessJpegFile()],
    ['a one-pixel PNG', pngFile(1, 1)],
    ['a PNG a sliver wide', pngFile(uploadLimits.imageMinSidePixels - 1, 400)],
    ['a PNG of more pixels than any camera makes', pngClaimingSize(20_000, 10_000)],
  ])('refuses %s as a problem with the image format', async (_name, bytes) => {
    expect(await checkUploadedDocument(storage, await stored(bytes), limits)).toEqual({
      ok: false,
      failure: 'image_format',
    });
  });

  it('reads a PDF whole and refuses one with active content, naming why', async () => {
    const document = await PDFDocument.create({ updateMetadata: false });
    document.addPage([200, 200]);
    document.addJavaScript('greet', 'app.alert("hi")');
    const withScript = Buffer.from(await document.save({ useObjectStreams: true }));
    expect(await checkUploadedDocument(storage, await stored(withScript), limits)).toEqual({
      ok: false,
      failure: 'pdf_refused',
      reason: 'javascript',
    });
    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages', 'latin1');
    expect(await checkUploadedDocument(storage, await stored(broken), limits)).toEqual({
      ok: false,
      failure: 'pdf_refused',
      reason: 'unreadable',
    });
  });

  it('refuses a type the caller does not allow (a PDF where only images are)', async () => {
    const key = await stored(pdfFile());
    expect(
      await checkUploadedDocument(storage, key, { allowedTypes: uploadLimits.cardImageMimeTypes, maxBytes: 1000 }),
    ).toEqual({ ok: false, failure: 'file_type' });
  });

  it('refuses a file over the limit by its stored size, even a real PNG', async () => {
    const png = pngFile();
    const key = await stored(Buffer.concat([png, Buffer.alloc(1000)]));
    expect(await checkUploadedDocument(storage, key, { ...limits, maxBytes: png.length + 999 })).toEqual({
      ok: false,
      failure: 'file_too_large',
    });
    expect(await checkUploadedDocument(storage, key, { ...limits, maxBytes: png.length + 1000 })).toMatchObject({
      ok: true,
    });
  });

  it('reports a key with nothing uploaded as missing', async () => {
    expect(await checkUploadedDocument(storage, 'companies/c1/never-uploaded', limits)).toEqual({
      ok: false,
      failure: 'missing',
    });
  });
});
